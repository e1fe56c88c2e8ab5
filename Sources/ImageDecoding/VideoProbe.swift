import FileAccess
import SystemCalls

/// What a video file holds, read from its container without decoding a frame: what `check` says of it, each frame's
/// duration in presentation order, where the first frame is, and whether the file ends inside a packet.
public struct VideoProbe: Sendable {
    public internal(set) var summary: VideoSummary
    /// Each frame's duration, in presentation order.
    public internal(set) var durations: [Duration]
    /// The first frame's timestamp, in the stream's time base: rewinding seeks there.
    var start: Int64
    /// Whether the file ends inside a packet: the frames before it play, then that is thrown.
    var cutShort: FramesCutShort
    /// The timestamps came from the container's complete index (MP4's sample table), not from reading its packets.
    var fromIndex: Bool
}

/// The videos probed lately, by file: a video's container is read for its timeline once, however often its banner
/// is loaded (at every reload), checked, rendered and played (each time it comes on screen). A file replaced or
/// rewritten since (`FileIdentity`) is read again. Any thread may ask.
// Sendable because `entries` is read and written with `lock` held only (ThreadSanitizer: VideoDecoderTests'
// threadsShareTheProbes in scripts/test).
final class VideoProbes: @unchecked Sendable {
    /// The one cache of the process.
    static let shared = VideoProbes()
    /// The frames whose durations are kept, all videos together (16 bytes each: 4 MB); the videos used least lately
    /// go first. An hour at 60 frames a second (`VideoDecoder.maxFrames`) fits.
    static let maxFrames = 250_000
    /// The videos kept at most.
    static let maxVideos = 64

    private struct Entry {
        var path: String
        var identity: FileIdentity
        var probe: VideoProbe
        /// How many times the file at `path` was read for its probe while kept (a test counts them).
        var reads: Int
    }

    private let lock = ConditionLock()
    /// The used least lately first.
    private var entries: [Entry] = []

    /// The probe of the file at `path` with `identity`: the one kept, or `read()`'s, kept.
    func probe(path: String, identity: FileIdentity?, read: () throws(ImageError) -> VideoProbe) throws(ImageError)
        -> VideoProbe
    {
        guard let identity else { return try read() }
        let known: VideoProbe? = lock.withLock {
            guard let index = entries.firstIndex(where: { $0.path == path && $0.identity == identity }) else {
                return nil
            }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.probe
        }
        if let known { return known }
        // Read without the lock: another thread's probe of another file does not wait for this one.
        let probe = try read()
        lock.withLock {
            let before = entries.first { $0.path == path }?.reads ?? 0
            entries.removeAll { $0.path == path }
            entries.append(Entry(path: path, identity: identity, probe: probe, reads: before + 1))
            var frames = entries.reduce(0) { $0 + $1.probe.durations.count }
            while frames > Self.maxFrames || entries.count > Self.maxVideos, let oldest = entries.first {
                frames -= oldest.probe.durations.count
                entries.removeFirst()
            }
        }
        return probe
    }

    /// How many times the file at `path` was read for its probe, while it is kept.
    func reads(of path: String) -> Int { lock.withLock { entries.first { $0.path == path }?.reads ?? 0 } }
}

/// A video as `check` describes it.
public struct VideoSummary: Equatable, Sendable {
    /// "H.264", "HEVC", "VP8", "VP9" or "AV1".
    public var codec: String
    /// The picture's size in the file.
    public var width: Int
    public var height: Int
    public var frames: Int
    public var framesPerSecond: Double
    /// From the first frame's start to the last one's end.
    public var length: Duration
    /// The libavcodec decoder playing it: "h264_v4l2m2m" on a board's hardware, "h264" in software.
    public var decoder = ""

    public init(codec: String, width: Int, height: Int, frames: Int, framesPerSecond: Double, length: Duration) {
        self.codec = codec
        self.width = width
        self.height = height
        self.frames = frames
        self.framesPerSecond = framesPerSecond
        self.length = length
    }
}
