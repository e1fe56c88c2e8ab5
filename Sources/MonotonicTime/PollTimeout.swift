/// The one conversion from a deadline to poll(2)'s millisecond timeout, for every wait in bannerd.
public enum PollTimeout {
    /// Milliseconds from `now` until `deadline`, rounded up (waking a little late is fine; waking early would
    /// spin until the deadline), 0 once it has passed, capped at `Int32.max`; -1 (wait without limit) for nil.
    public static func milliseconds(until deadline: Duration?, now: Duration) -> Int32 {
        guard let deadline else { return -1 }
        guard deadline > now else { return 0 }
        let (seconds, attoseconds) = (deadline - now).components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let milliseconds = seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
        return Int32(clamping: milliseconds)
    }
}
