import WallClock

/// Follows what the screen shows and turns it into showings: a banner that stood still, fully centred,
/// rendered, on a lit screen. Each showing is one proof-of-play record when it ends and one count in the metrics
/// when it begins: both come from here, so they cannot disagree. Pure: the loop tells it what the display shows
/// (`FrameScheduler.glass`), with the monotonic time, and the wall clock is read only when a record starts or ends.
///
/// Only what was on glass counts: the loop reports `nil` while the screen is dark (its schedule), no display is
/// connected or there are no banners, and a frame that was never handed to the display is never reported. A
/// banner stands still on glass from the step the carousel comes to rest, drawn or not: the last steps of a snap
/// often move it less than a pixel, and then no frame is drawn for them. While
/// a placeholder stands in for the centre banner (not rendered yet) its showing goes on but does not count: it
/// starts when the banner itself is first on glass. A banner that only passed through the centre (a flick across
/// several) stood still for no time and leaves no record.
public struct PlayTracker: Sendable {
    /// The banner in the centre of a frame on glass.
    public struct Glass: Equatable, Sendable {
        public var bannerID: String
        public var image: String?
        /// At rest, fully centred (not sliding in or out, no finger on it).
        public var centred: Bool
        /// A placeholder stands in for it (not rendered yet).
        public var placeholder: Bool

        public init(bannerID: String, image: String?, centred: Bool, placeholder: Bool = false) {
            self.bannerID = bannerID
            self.image = image
            self.centred = centred
            self.placeholder = placeholder
        }

        /// Counts as fully centred: still, and the banner itself.
        var counts: Bool { centred && !placeholder }
    }

    /// Records finished on one local day: what `ctl status` reports for today.
    public struct DayCounts: Equatable, Sendable {
        /// The local day (days since 1970-01-01).
        public var day: Int
        public var plays = 0
        public var centredSeconds = 0.0

        public init(day: Int, plays: Int = 0, centredSeconds: Double = 0) {
            self.day = day
            self.plays = plays
            self.centredSeconds = centredSeconds
        }
    }

    /// What one `show` changed, besides the play in progress.
    public struct Change: Sendable {
        /// The record of the showing that ended.
        public var ended: PlayRecord?
        /// The id of the banner whose showing began: it now counts.
        public var began: String?
        /// A placeholder stood centred and still in the banner's place: a rest that is not (yet) a showing.
        public var placeholderAtRest = false
    }

    private struct Play: Sendable {
        var bannerID: String
        var image: String?
        /// When the banner itself was first on glass; nil while a placeholder has stood in for it.
        var start: ClockReading?
        var cause: PlayCause
        var centredSince: Duration?
        var centred: Duration = .zero
        /// It stood still, centred and rendered: a showing, counted, and recorded when it ends.
        var counts = false
        /// A placeholder stood still in its place (counted once a play).
        var placeholderRested = false
    }

    private var play: Play?
    /// The counts of the latest day a record finished on.
    public private(set) var latestDay: DayCounts?

    public init() {}

    /// The banner in the centre now, if any.
    public var current: String? { play?.bannerID }

    /// What the display shows from `now` on (nil: no banner): the record of the showing that ended (the banner
    /// left the centre), the showing that began. `cause` is how a new banner got there, taken when it reaches the
    /// centre (a placeholder may stand in for it then).
    public mutating func show(
        _ glass: Glass?, cause: @autoclosure () -> PlayCause, at now: Duration,
        clock: @autoclosure () -> ClockReading
    ) -> Change {
        var change = Change()
        if let glass, var same = play, same.bannerID == glass.bannerID, same.image == glass.image {
            if !glass.placeholder, same.start == nil { same.start = clock() }
            if glass.counts, same.centredSince == nil {
                same.centredSince = now
            } else if !glass.counts, let since = same.centredSince {
                same.centred += now - since
                same.centredSince = nil
            }
            Self.note(glass, in: &same, change: &change)
            play = same
            return change
        }
        guard glass != nil || play != nil else { return change }
        let reading = clock()
        change.ended = finish(at: now, reading: reading)
        if let glass {
            var new = Play(
                bannerID: glass.bannerID, image: glass.image, start: glass.placeholder ? nil : reading,
                cause: cause(), centredSince: glass.counts ? now : nil)
            Self.note(glass, in: &new, change: &change)
            play = new
        }
        return change
    }

    /// The first time a play counts (a showing begins) and the first time a placeholder rests in its place.
    private static func note(_ glass: Glass, in play: inout Play, change: inout Change) {
        if glass.counts, !play.counts {
            play.counts = true
            change.began = play.bannerID
        }
        if glass.centred, glass.placeholder, !play.placeholderRested {
            play.placeholderRested = true
            change.placeholderAtRest = true
        }
    }

    /// Ends the play in progress at `now` (bannerd stopping): its record, if it was a showing.
    public mutating func finish(at now: Duration, clock: @autoclosure () -> ClockReading) -> PlayRecord? {
        guard play != nil else { return nil }
        return finish(at: now, reading: clock())
    }

    /// Today's counts, `today` being the local day now.
    public func counts(today: Int) -> DayCounts {
        latestDay.flatMap { $0.day == today ? $0 : nil } ?? DayCounts(day: today)
    }

    private mutating func finish(at now: Duration, reading: ClockReading) -> PlayRecord? {
        guard let ended = play else { return nil }
        play = nil
        let centred = ended.centred + (ended.centredSince.map { now - $0 } ?? .zero)
        guard ended.counts, let start = ended.start else { return nil }
        let seconds = Double(centred.components.seconds) + Double(centred.components.attoseconds) * 1e-18
        let record = PlayRecord(
            bannerID: ended.bannerID, image: ended.image, start: start, end: reading, centredSeconds: seconds,
            cause: ended.cause)
        var day = counts(today: reading.localDay)
        day.plays += 1
        day.centredSeconds += seconds
        latestDay = day
        return record
    }
}
