extension Duration {
    /// The duration as floating-point seconds, for physics formulas.
    @inlinable
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// A duration from floating-point seconds (rounded to the nanosecond).
    @inlinable
    public static func seconds(floating value: Double) -> Duration {
        .nanoseconds(Int64((value * 1e9).rounded()))
    }
}
