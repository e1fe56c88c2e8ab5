#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC as a `Duration` since boot: the clock DRM flip events and libinput event times use.
public enum MonotonicClock {
    /// The current CLOCK_MONOTONIC time.
    public static func now() -> Duration {
        var spec = timespec()
        // clock_gettime(CLOCK_MONOTONIC) cannot fail with a valid pointer and clock id.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }
}
