import BackgroundJobs
import Foundation
import Testing

/// The queue's thread with real jobs; scripts/test also runs it under ThreadSanitizer.
@Suite struct BackgroundQueueTests {
    /// A job that holds the thread until the returned gate is signalled, so the next jobs are still waiting.
    static func hold<Output>(_ queue: BackgroundQueue<Output>) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        queue.submit {
            started.signal()
            gate.wait()
            return nil
        }
        started.wait()
        return gate
    }

    @Test func jobsRunInOrderAndAKeyedJobReplacesTheOneStillWaiting() throws {
        let queue = try BackgroundQueue<String>(name: "test-order", wake: {})
        defer { queue.stop() }
        let gate = Self.hold(queue)
        queue.submit { "a" }
        queue.submit(key: "metrics") { "metrics 1" }
        queue.submit { nil }
        queue.submit { "b" }
        queue.submit(key: "metrics") { "metrics 2" }
        gate.signal()
        queue.finish()
        #expect(queue.collect() == ["a", "metrics 2", "b"])
        #expect(queue.collect().isEmpty)
    }

    @Test func onlyJobsThatReturnSomethingWakeTheLoop() throws {
        let woken = DispatchSemaphore(value: 0)
        let queue = try BackgroundQueue<String>(name: "test-wake", wake: { woken.signal() })
        defer { queue.stop() }
        queue.submit { nil }
        queue.finish()
        #expect(woken.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
        queue.submit { "/var/lib/x: open failed: Permission denied" }
        #expect(woken.wait(timeout: .now() + 10) == .success)
        #expect(queue.collect() == ["/var/lib/x: open failed: Permission denied"])
    }

    @Test func aStuckDiskBoundsTheQueue() throws {
        let queue = try BackgroundQueue<String>(name: "test-bound", wake: {})
        defer { queue.stop() }
        let gate = Self.hold(queue)
        let limit = BackgroundQueue<String>.maximumWaiting
        let accepted = (0..<(limit + 10)).filter { _ in queue.submit { nil } }.count
        #expect(accepted == limit)
        #expect(queue.submit(key: "k") { nil } == false)
        gate.signal()
        queue.finish()
        #expect(queue.submit(key: "k") { nil })
    }
}
