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

    /// CLOCK_REALTIME minus CLOCK_MONOTONIC: where this clock sits on the wall clock's timeline (the Unix epoch).
    /// It changes only when the wall clock is stepped: NTP's slewing speeds both clocks alike.
    public static func wallOffset() -> Duration {
        var wall = timespec()
        let monotonic = now()
        _ = clock_gettime(CLOCK_REALTIME, &wall)
        return .seconds(Int64(wall.tv_sec)) + .nanoseconds(Int64(wall.tv_nsec)) - monotonic
    }
}
