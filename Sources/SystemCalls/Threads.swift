import CLinuxThreads
import Glibc

/// A mutex and a condition variable (pthreads), for state that threads share: lock, then wait for or announce a
/// change. Foundation's `NSCondition` does the same, but Foundation weighs tens of megabytes in a static binary.
// Sendable because the pthread objects exist to be shared between threads, and the pointers to them never change
// (ThreadSanitizer: its users' tests, PrerenderThreadsTests, BackgroundJobsTests and ServiceIOTests in scripts/test).
public final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        // Default attributes: neither call can fail on Linux (no resources are taken until contention).
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Unlocks, sleeps until `broadcast` (or spuriously: check the condition in a loop), and locks again.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread in `wait`.
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// Runs `body` with the lock held.
    public func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// Starts a detached thread that runs `body`, named `name` for `top -H` and crash reports (the kernel keeps the
/// first 15 bytes).
public func startThread(named name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
    let start = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let result = pthread_create(&thread, &attributes, runThread, start)
    guard result == 0 else {
        Unmanaged<ThreadStart>.fromOpaque(start).release()
        throw SystemCallError(call: "pthread_create", errno: result)
    }
}

private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}

private func runThread(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
    // The kernel keeps 15 bytes and refuses more: whole characters up to that.
    var name = ""
    for character in start.name where name.utf8.count + character.utf8.count <= 15 { name.append(character) }
    _ = pthread_setname_np(pthread_self(), name)
    start.body()
    return nil
}

/// The processors online (one on a Pi Zero): how many threads are worth running at once.
public var processorsOnline: Int {
    max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
