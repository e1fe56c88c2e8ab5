import BannerdConfig
import CommandLineParsing
import Foundation
import ImageDecoding
import Testing
import ThreadSanitizerRun

@testable import bannerd

/// `bannerd render` plays the carousel as `bannerd run` would with the same configuration and content.
@Suite struct RenderCommandTests {
    @Test(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
    func autoplayEachBannersDurationAndTheBackgroundComeFromTheConfiguration() throws {
        let scratch = try Scratch(
            "as-run", config: "[carousel]\nautoplay = 1\nbackground = \"#204060\"\n",
            banners: Scratch.threeBanners(twoLasting: 4))
        defer { scratch.remove() }
        let frame = try scratch.render(["--size", "320x200", "--seconds", "4.6", "--every", "6"], into: "frames")
        // The configuration's autoplay (1 s, not the default 5 s): banner two is centred by 1.8 s.
        #expect(try frame(30) != frame(108))
        // Banner two's own duration (4 s): still centred from 1.8 s to 4.5 s.
        #expect(try frame(108) == frame(180))
        #expect(try frame(180) == frame(270))
    }

    /// An animated banner plays in the frames written, from its first frame, at its own times.
    @Test func anAnimationPlaysInTheFramesWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-animated-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Six frames of 100 ms, looping (BannerContentTests' bad-content set).
        let file = "\(#filePath)"
        let tests = file[..<(file.lastIndex(of: "/") ?? file.endIndex)].dropLast("/BannerdCommandTests".count)
        try FileManager.default.copyItem(
            atPath: tests + "/BannerContentTests/BadContent/animations/plays.gif", toPath: dir + "/content/plays.gif")
        let render = try #require(
            Bannerd.parse([
                "render", "--content", dir + "/content", "--size", "320x200", "--seconds", "0.7", "--every", "3",
                "--out", dir + "/frames",
            ]).command)
        try render.run()
        // Halfway through each frame of the animation (50 ms, 150 ms, …; six 60 Hz steps fall just short of 100 ms,
        // so a frame written at a boundary shows the frame before): a new frame every 100 ms, and 650 ms in, the loop
        // begun again with the first.
        let frames = try (0...6).map { n in
            try ImageDecoder().decode(path: dir + "/frames/frame-\(String(format: "%05d", 6 * n + 3)).png").pixels
        }
        #expect(Set(frames[0..<6]).count == 6)
        #expect(frames[6] == frames[0])
    }

    /// `--at` reads the schedules at that wall clock, and the clock moves on with the simulated time: a banner
    /// whose window closes while centred finishes its time and slides away, as `bannerd run` does it.
    @Test func schedulesAreReadAtTheGivenWallClockAndTheirEdgesCrossed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-at-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "[carousel]\nautoplay = 3\n".write(toFile: dir + "/bannerd.toml", atomically: true, encoding: .utf8)
        try """
        [[banner]]
        title = "Breakfast"
        hours = "07:00-11:00"
        [[banner]]
        title = "Open daily"
        [[banner]]
        title = "Dinner"
        hours = "17:00-22:00"
        """.write(toFile: dir + "/content/banners.toml", atomically: true, encoding: .utf8)
        func render(at: String, into name: String) throws -> (Int) throws -> Data {
            let render = try #require(
                Bannerd.parse([
                    "render", "--config", dir + "/bannerd.toml", "--content", dir + "/content", "--size", "320x200",
                    "--at", at, "--seconds", "5", "--every", "60", "--out", dir + "/" + name,
                ]).command)
            try render.run()
            return { n in
                try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name)/frame-\(String(format: "%05d", n)).png"))
            }
        }
        // In the morning and in the evening a different banner is centred at the start; the offset form is read
        // on the UTC timeline, the same moment as the local one wherever this runs.
        let morning = try render(at: "2026-12-01T08:00:00", into: "morning")
        let evening = try render(at: "2026-12-01T18:00:00", into: "evening")
        let night = try render(at: "2026-12-01T23:00:00", into: "night")
        #expect(try morning(0) != evening(0))
        #expect(try morning(0) != night(0) && evening(0) != night(0))
        // Two seconds before eleven: Breakfast is centred, its window closes at 2 s, it rests its 3 s and
        // slides away; the carousel then holds Open daily alone, as the night does.
        let edge = try render(at: "2026-12-01T10:59:58", into: "edge")
        #expect(try edge(0) == morning(0))
        #expect(try edge(120) == morning(0))
        #expect(try edge(300) == night(0))
        #expect(throws: UsageError.self) {
            try Bannerd.parse(["render", "--at", "tomorrow", "--out", dir + "/x"])
        }
    }

    /// `sync = "wall-clock"`: two renders started at different --at times write the same frame at the same
    /// wall-clock instant, from their first frame on; without it they do not.
    @Test(
        .disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)),
        arguments: [AutoplaySync.wallClock, .own])
    func rendersOfAWallStartedApartShowTheSameFramesAtTheSameInstants(sync: AutoplaySync) throws {
        let scratch = try Scratch(
            "wall-\(sync)", config: "[carousel]\nautoplay = 1.4\nsync = \"\(sync.rawValue)\"\n",
            banners: Scratch.threeBanners(twoLasting: 2))
        defer { scratch.remove() }
        func render(at: String, seconds: Int, into name: String) throws -> (Int) throws -> Data {
            try scratch.render(
                ["--size", "160x100", "--at", at, "--seconds", "\(seconds)", "--every", "3"], into: name)
        }
        // Slots of 2, 2.6 and 2 s (each rest and a 0.6 s slide), a cycle of 6.6 s from the epoch: the first render
        // starts at rest, 1.8 s into a slot; the later one 3 s on, 0.2 s into a slot, in the middle of a slide.
        let first = try render(at: "2026-12-24T18:00:00Z", seconds: 8, into: "first")
        let later = try render(at: "2026-12-24T18:00:03Z", seconds: 5, into: "later")
        var same = 0
        var moving = 0
        for frame in stride(from: 0, through: 300, by: 3) {
            if try later(frame) == first(frame + 180) { same += 1 }
            if frame > 0, try later(frame) != later(frame - 3) { moving += 1 }
        }
        // Slides were written (the frames are not all one picture) …
        #expect(moving >= 10)
        // … and on the wall clock's timeline every frame is the other render's at the same instant.
        if sync == .wallClock {
            #expect(try later(0) != later(3))
            #expect(same == 101)
        } else {
            #expect(same < 101)
        }
    }

    /// `run`, `render` and `trace` take the same `--scale` as `scale` in bannerd.toml (trace took (0, 8] before).
    @Test(arguments: ["run", "render", "trace"])
    func everyCommandTakesTheScaleOfTheConfiguration(command: String) throws {
        let out = ["--out", FileManager.default.temporaryDirectory.path + "/scale"]
        let extra = command == "render" ? out : []
        for good in ["0.5", "1.5", "8"] { _ = try Bannerd.parse([command, "--scale", good] + extra) }
        for bad in ["0.25", "8.5", "nan", "x"] {
            do {
                _ = try Bannerd.parse([command, "--scale", bad] + extra)
                Issue.record("\(command) --scale \(bad) was taken")
            } catch {
                #expect("\(error)".contains(RunCommand.scaleExpected), "\(command) --scale \(bad): \(error)")
            }
        }
    }

    /// `render` and `trace` read `--seconds` by one rule, each up to its own ceiling.
    @Test(arguments: [("render", SimulatedSeconds.renderLimit), ("trace", SimulatedSeconds.traceLimit)])
    func simulatedSecondsHaveOneRule(command: String, limit: Double) throws {
        let extra = command == "render" ? ["--out", FileManager.default.temporaryDirectory.path + "/seconds"] : []
        for good in ["0", "2.5", "\(limit)"] { _ = try Bannerd.parse([command, "--seconds", good] + extra) }
        for bad in ["-1", "\(limit + 1)", "inf", "nan", "x"] {
            do {
                _ = try Bannerd.parse([command, "--seconds", bad] + extra)
                Issue.record("\(command) --seconds \(bad) was taken")
            } catch {
                #expect("\(error)".contains("between 0 and \(Int(limit))"), "\(command) --seconds \(bad): \(error)")
            }
        }
        #expect(SimulatedSeconds.frames(in: 0) == 1 && SimulatedSeconds.frames(in: 2) == 121)
    }
}

/// A folder of one test's own: bannerd.toml and content/banners.toml as given, and the frames renders write there.
private struct Scratch {
    let dir: String

    init(_ name: String, config: String = "", banners: String = "") throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/content", withIntermediateDirectories: true)
        try config.write(toFile: dir + "/bannerd.toml", atomically: true, encoding: .utf8)
        try banners.write(toFile: dir + "/content/banners.toml", atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }

    /// banners.toml of three banners of text, the second with a duration of its own.
    static func threeBanners(twoLasting seconds: Int) -> String {
        "[[banner]]\ntitle = \"One\"\n[[banner]]\ntitle = \"Two\"\nduration = \(seconds)\n[[banner]]\ntitle = \"Three\"\n"
    }

    /// Runs `bannerd render` with this folder's configuration and content and `arguments`, into `name`; returns
    /// a reader of the frames it wrote, by number.
    func render(_ arguments: [String], into name: String) throws -> (Int) throws -> Data {
        let render = try #require(
            Bannerd.parse(
                ["render", "--config", dir + "/bannerd.toml", "--content", dir + "/content", "--out", dir + "/" + name]
                    + arguments
            ).command)
        try render.run()
        return { [dir] n in
            try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name)/frame-\(String(format: "%05d", n)).png"))
        }
    }
}
