import ChildProcess
import Glibc
import Testing

/// Real programs started through the runner, driven by a poll loop like bannerd's.
@Suite struct ActionRunnerTests {
    /// Polls the runner's descriptors until no action runs (bounded: a hung test fails instead of hanging).
    static func drain(_ runner: ActionRunner, limit: Duration = .seconds(10)) -> [ActionRunner.Event] {
        var events: [ActionRunner.Event] = []
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while runner.count > 0, clock.now < deadline {
            var fds: [Int32] = []
            runner.appendPollDescriptors(to: &fds)
            var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&entries, nfds_t(entries.count), 200) >= 0 else { continue }
            for entry in entries where entry.revents != 0 { events += runner.handleReadable(entry.fd) }
        }
        return events
    }

    static func lines(_ events: [ActionRunner.Event]) -> [String] {
        events.compactMap {
            if case .output(_, let line) = $0 { return line }
            return nil
        }
    }

    /// An executable script in a fresh directory (run by the kernel through its #! line, not by a shell of ours).
    static func script(_ body: String) throws -> String {
        var template = Array("/tmp/bannerd-action-XXXXXX".utf8CString)
        let dir = template.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        let path = (dir ?? "/tmp") + "/action.sh"
        let text = "#!/bin/sh\n" + body + "\n"
        let file = try #require(fopen(path, "w"))
        fputs(text, file)
        fclose(file)
        #expect(chmod(path, 0o755) == 0)
        return path
    }

    @Test func theActionSeesItsBannerInItsEnvironmentAndNotBannerdsServiceVariables() throws {
        let runner = ActionRunner(environment: ["PATH": "/usr/bin:/bin", "NOTIFY_SOCKET": "/run/systemd/notify"])
        let started = try runner.start(
            ["/usr/bin/env"], bannerID: "spring-sale", index: 3,
            parameters: [("offer", "spring; rm -rf /"), ("Sku_2", ""), ("note", "a\nb")])
        guard case .started(let id, let pid) = started else {
            Issue.record("not started: \(started)")
            return
        }
        #expect(id == "spring-sale" && pid > 0)
        let events = Self.drain(runner)
        let environment = Self.lines(events)
        #expect(environment.contains("BANNERD_BANNER_ID=spring-sale"))
        #expect(environment.contains("BANNERD_BANNER_INDEX=3"))
        #expect(environment.contains("PATH=/usr/bin:/bin"))
        // Parameters only ever as variables, values verbatim (a newline splits env's output line, not the value).
        #expect(environment.contains("BANNERD_PARAM_OFFER=spring; rm -rf /"))
        #expect(environment.contains("BANNERD_PARAM_SKU_2="))
        #expect(environment.contains("BANNERD_PARAM_NOTE=a") && environment.contains("b"))
        #expect(!environment.contains { $0.hasPrefix("NOTIFY_SOCKET=") })
        #expect(events.last == .exited(bannerID: "spring-sale", status: .exited(0)))
    }

    @Test func argumentsArePassedVerbatimWithoutAShell() throws {
        let runner = ActionRunner(environment: [:])
        _ = try runner.start(["/bin/echo", "a  b", "$HOME;ls", "*"], bannerID: "x", index: 0)
        #expect(Self.lines(Self.drain(runner)) == ["a  b $HOME;ls *"])
    }

    @Test func outputAndErrorsAreLoggedLineByLineWithTheBannerAndTheExitStatus() throws {
        let path = try Self.script("printf 'one\\ntw'; sleep 0.1; printf 'o\\n'; echo oops >&2; printf tail; exit 3")
        let runner = ActionRunner(environment: [:])
        _ = try runner.start([path], bannerID: "b", index: 1)
        let events = Self.drain(runner)
        #expect(
            events == [
                .output(bannerID: "b", line: "one"), .output(bannerID: "b", line: "two"),
                .output(bannerID: "b", line: "oops"), .output(bannerID: "b", line: "tail"),
                .exited(bannerID: "b", status: .exited(3)),
            ])
    }

    @Test func startingReturnsWhileTheActionRunsAndItsExitIsSeenLater() throws {
        let runner = ActionRunner(environment: [:])
        let started = try runner.start(["/bin/sleep", "30"], bannerID: "slow", index: 0)
        guard case .started(_, let pid) = started else {
            Issue.record("not started")
            return
        }
        // Still running: start did not wait for it.
        #expect(runner.isRunning(bannerID: "slow"))
        #expect(kill(pid, 0) == 0)
        #expect(kill(pid, SIGTERM) == 0)
        #expect(Self.drain(runner).last == .exited(bannerID: "slow", status: .signalled(SIGTERM)))
        #expect(runner.count == 0)
    }

    @Test func aRunningActionIsNotStartedTwiceAndConcurrencyIsBounded() throws {
        let runner = ActionRunner(environment: [:], maximumRunning: 2)
        guard case .started(_, let first) = try runner.start(["/bin/sleep", "30"], bannerID: "a", index: 0),
            case .started(_, let second) = try runner.start(["/bin/sleep", "30"], bannerID: "b", index: 1)
        else {
            Issue.record("not started")
            return
        }
        #expect(throws: ActionRunner.Refusal.alreadyRunning(bannerID: "a")) {
            try runner.start(["/bin/sleep", "30"], bannerID: "a", index: 0)
        }
        #expect(throws: ActionRunner.Refusal.tooMany(running: 2)) {
            try runner.start(["/bin/true"], bannerID: "c", index: 2)
        }
        kill(first, SIGKILL)
        kill(second, SIGKILL)
        _ = Self.drain(runner)
        // Once they have exited, the banner's action may run again.
        _ = try runner.start(["/bin/true"], bannerID: "a", index: 0)
        #expect(Self.drain(runner).last == .exited(bannerID: "a", status: .exited(0)))
    }

    @Test func aProgramThatCannotStartIsOneErrorNamingTheCommand() throws {
        let runner = ActionRunner(environment: [:])
        do {
            _ = try runner.start(["/nonexistent/show-offer", "--id", "x"], bannerID: "x", index: 0)
            Issue.record("a missing program started")
        } catch {
            guard case .spawnFailed(let failure, _) = error else {
                Issue.record("unexpected refusal \(error)")
                return
            }
            #expect(failure.call == "posix_spawn" && failure.errno == ENOENT)
            #expect(error.description.contains("/nonexistent/show-offer --id x"))
            #expect(!error.description.contains("\n"))
        }
        #expect(runner.count == 0)
    }

    @Test func theActionGetsNoneOfBannerdsDescriptors() throws {
        let leaked = open("/dev/null", O_RDONLY)  // without O_CLOEXEC, as a careless library might
        defer { close(leaked) }
        let runner = ActionRunner(environment: [:])
        _ = try runner.start(["/bin/ls", "/proc/self/fd"], bannerID: "fds", index: 0)
        // ls itself holds one more descriptor: the directory it lists.
        #expect(Set(Self.lines(Self.drain(runner))).isSubset(of: ["0", "1", "2", "3"]))
    }
}
