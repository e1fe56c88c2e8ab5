/// How long the loop may sleep: until the earliest moment any part of it waits for, or until a descriptor is
/// readable when none does. Each part says when it is next due; what counts is decided here.
public struct LoopDeadline: Equatable, Sendable {
    /// The frames' next step or flip bound (`FrameDriver.nextDeadline`); counted only while the screen is lit.
    public var frames: Duration?
    /// The next frame of an animation on screen (`AnimationPlayback.nextChange`); counted only while lit.
    public var animation: Duration?
    /// The screen is lit: dark, there is nothing to draw and no autoplay.
    public var lit: Bool
    /// A probe, a debounced reload or the screen schedule's next change (`LoopChores.deadline`).
    public var chores: Duration?
    /// The next opening or closing of a banner's schedule (`ScheduledBanners.deadline`).
    public var scheduleEdge: Duration?
    /// When staged content stops waiting for its banners (`StagedContent.deadline`); once that is past, it waits
    /// for the carousel's rest, which the frames or the input bring.
    public var stagingPatience: Duration?
    /// The next watchdog ping (nil without a watchdog).
    public var watchdog: Duration?
    /// The next metrics write (nil when no textfile is written).
    public var metrics: Duration?
    /// When the TV's power is read next over HDMI-CEC (`TVPowerControl.deadline`; nil without CEC).
    public var tv: Duration?

    public init(
        frames: Duration?, animation: Duration?, lit: Bool, chores: Duration?, scheduleEdge: Duration?,
        stagingPatience: Duration?, watchdog: Duration?, metrics: Duration?, tv: Duration? = nil
    ) {
        self.frames = frames
        self.animation = animation
        self.lit = lit
        self.chores = chores
        self.scheduleEdge = scheduleEdge
        self.stagingPatience = stagingPatience
        self.watchdog = watchdog
        self.metrics = metrics
        self.tv = tv
    }

    /// The latest time the loop may sleep until at `now`; nil: until a descriptor is readable.
    public func earliest(now: Duration) -> Duration? {
        // Pairwise, not through an array: this runs at every wake-up of the frame loop, which must not allocate.
        let patience = stagingPatience.flatMap { $0 > now ? $0 : nil }
        let drawing = lit ? Self.earlier(frames, animation) : nil
        let parts = Self.earlier(Self.earlier(drawing, chores), Self.earlier(scheduleEdge, patience))
        return Self.earlier(Self.earlier(parts, tv), Self.earlier(watchdog, metrics))
    }

    private static func earlier(_ a: Duration?, _ b: Duration?) -> Duration? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}
