import Glibc
import SystemCalls

/// Runs jobs on a thread of its own at the lowest priority, so that work the frame loop asks for but must not wait
/// for (composing a screenshot, writing a report file to a slow SD card) never holds up a frame or a touch.
///
/// Jobs run in order. A job given a `key` replaces a job with the same key still waiting (a file rewritten: only
/// the newest contents matter). What a job returns, unless nil, is kept for `collect` and `wake` is called, so
/// the loop picks results up from its poll.
// Sendable because every mutable property is read and written only with `condition` locked, and each job runs
// on the thread alone (ThreadSanitizer: BackgroundJobsTests and ServiceIOTests in scripts/test).
public final class BackgroundQueue<Output: Sendable>: @unchecked Sendable {
    public typealias Job = @Sendable () -> Output?

    /// Jobs waiting beyond this many are refused (a disk that stopped answering must not grow memory without bound).
    public static var maximumWaiting: Int { 1024 }
    /// The thread's nice value unless told otherwise: below the frame loop and the pre-render threads.
    public static var lowestNiceness: Int32 { 19 }

    private let condition = ConditionLock()
    private var waiting: [(key: String?, job: Job)] = []
    private var outputs: [Output] = []
    private var stopped = false
    private var busy = false
    private let wake: @Sendable () -> Void

    /// Starts the thread, named `name`, at nice value `niceness`; `wake` is called after each job that returned
    /// something.
    public init(name: String, niceness: Int32 = lowestNiceness, wake: @escaping @Sendable () -> Void)
        throws(SystemCallError)
    {
        self.wake = wake
        try startThread(named: name) {
            // Per thread on Linux. A system-call filter that refuses it also refuses the pre-render threads', which
            // bannerd logs; the work is then only slower to arrive.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            self.run()
        }
    }

    /// Queues `job`; false when `maximumWaiting` jobs wait already (the job is dropped).
    @discardableResult
    public func submit(key: String? = nil, _ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if let key, let slot = waiting.firstIndex(where: { $0.key == key }) {
            waiting[slot].job = job
            return true
        }
        guard waiting.count < Self.maximumWaiting else { return false }
        waiting.append((key, job))
        condition.broadcast()
        return true
    }

    /// Takes what the jobs returned since the last call, in the order they ran.
    public func collect() -> [Output] {
        condition.lock()
        defer { condition.unlock() }
        let taken = outputs
        outputs.removeAll()
        return taken
    }

    /// Blocks until every job queued so far is done (at shutdown, and for tests).
    public func finish() {
        condition.lock()
        while !waiting.isEmpty || busy { condition.wait() }
        condition.unlock()
    }

    /// Ends the thread after the job in progress; jobs still waiting are dropped (call `finish` first to keep them).
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while !stopped && waiting.isEmpty { condition.wait() }
            guard !stopped else {
                condition.unlock()
                return
            }
            let job = waiting.removeFirst().job
            busy = true
            condition.unlock()
            let output = job()
            condition.lock()
            busy = false
            if let output { outputs.append(output) }
            condition.broadcast()
            condition.unlock()
            if output != nil { wake() }
        }
    }
}
