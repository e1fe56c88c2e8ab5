import ControlProtocol
import WallClock

/// How a banner came to the centre of the screen.
public enum PlayCause: String, Sendable, CaseIterable {
    /// The first banner on glass: after start-up, a display connected, the screen lit again by its schedule.
    case start
    /// Autoplay moved on after the banner before had its time.
    case autoplay
    /// A finger or a mouse: a swipe, or a tap on a neighbour.
    case touch
    /// An arrow key (a remote, a keyboard).
    case key
    /// `bannerd ctl next`, `prev` or `goto`.
    case control
    /// The banners' schedules: the banner before left the carousel when its window closed.
    case schedule
    /// The content was reloaded: the banner shown anew (rendered again, or another one in the centre).
    case reload
}

/// One banner's time in the centre of the lit screen, as the proof-of-play log keeps it.
public struct PlayRecord: Equatable, Sendable {
    public var bannerID: String
    /// The image file shown, as banners.toml names it resolved to a path; nil for a banner of text alone.
    public var image: String?
    /// When the banner first stood in the centre of the frame on glass (nearest to the centre, mid-slide).
    public var start: ClockReading
    /// When it stopped: another banner nearer the centre, the screen dark, the display gone, bannerd stopped.
    public var end: ClockReading
    /// How long it stood still, fully centred, between the two: what an advertiser pays for.
    public var centredSeconds: Double
    public var cause: PlayCause
    /// The output it showed on (its connector's name), when bannerd drives outputs by name; written last.
    public var output: String?

    public init(
        bannerID: String, image: String?, start: ClockReading, end: ClockReading, centredSeconds: Double,
        cause: PlayCause
    ) {
        self.bannerID = bannerID
        self.image = image
        self.start = start
        self.end = end
        self.centredSeconds = centredSeconds
        self.cause = cause
    }

    /// The record as one line of JSON with its newline (JSON Lines): keys in a fixed order, times in RFC 3339
    /// with the zone's offset and seconds to the millisecond (`ClockReading.rfc3339`).
    public var jsonLine: String {
        var out = JSONWriter()
        out.object {
            $0.field("banner", bannerID)
            if let image {
                $0.field("image", image)
            } else {
                $0.key("image")
                $0.null()
            }
            $0.field("start", start.rfc3339)
            $0.field("end", end.rfc3339)
            $0.field("centred_s", (centredSeconds * 1000).rounded() / 1000)
            $0.field("cause", cause.rawValue)
            if let output { $0.field("output", output) }
        }
        return out.text + "\n"
    }
}
