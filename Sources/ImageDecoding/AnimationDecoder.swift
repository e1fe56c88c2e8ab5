import Raster

/// One frame of an animation: the whole canvas as it shows while the frame lasts, premultiplied, and how long.
public struct AnimationFrame: Equatable, Sendable {
    public var bitmap: Bitmap
    public var duration: Duration

    public init(bitmap: Bitmap, duration: Duration) {
        self.bitmap = bitmap
        self.duration = duration
    }

    /// Pixels libswscale may write past the end of a row of its output: it writes whole blocks, so a width that is
    /// not a multiple of one runs over (up to 6 pixels at widths 97 to 104 here, `VideoDecoderTests`; programs
    /// using it pad rows to 32 or 64). Within the picture the run-over lands on the next row, written after it; past
    /// the last row it needs memory of its own, which a frame's pixels once lacked (a banner 1334 pixels wide, on a
    /// 1366x768 screen, ran 8 bytes past them).
    public static let scalerSlack = 32

    /// A frame's delay as the file gives it, in milliseconds, as it is played: browsers and ffmpeg play a delay of
    /// 10 ms or less (what tools write for "as fast as possible") at 100 ms, and so must a player showing the same
    /// file, or it would race.
    static func playedDuration(milliseconds: Int) -> Duration {
        milliseconds <= 10 ? .milliseconds(100) : .milliseconds(milliseconds)
    }
}

/// An animated image opened to play: its canvas, how many times it plays, and its frames decoded one at a time, in
/// order, so that only the canvas (and, for a GIF frame that restores what was under it, one copy) is held.
public protocol AnimationDecoder: AnyObject {
    /// The canvas every frame covers, in pixels.
    var width: Int { get }
    var height: Int { get }
    /// How many times the whole animation plays; nil: for ever.
    var plays: Int? { get }
    /// What the first decoder (a board's hardware one) failed with, once the software decoder took over from it;
    /// nil while it decodes, and for every other decoder.
    var decoderFallback: DecoderFallback? { get }
    /// The next frame; nil after the last (`rewind()` plays it again).
    func nextFrame() throws(ImageError) -> AnimationFrame?
    /// The next frame written into `target`, an XRGB8888 buffer of the canvas's size (a display plane's): its
    /// duration; nil after the last. A video scales each frame straight into it, so the CPU writes the frame once;
    /// another decoder copies the frame it decoded. The memory must reach `AnimationFrame.scalerSlack` pixels past
    /// the end of the last row, which a video's scaler may write.
    func nextFrame(into target: PixelBuffer) throws(ImageError) -> Duration?
    /// Back to before the first frame.
    func rewind() throws(ImageError)
    /// Hands back a bitmap the caller is done with, made from a frame this gave (a decoder may write the next frame
    /// into its pixels).
    func recycle(_ bitmap: consuming Bitmap)
}

extension AnimationDecoder {
    public var decoderFallback: DecoderFallback? { nil }
    public func recycle(_ bitmap: consuming Bitmap) {}

    public func nextFrame(into target: PixelBuffer) throws(ImageError) -> Duration? {
        guard let frame = try nextFrame() else { return nil }
        target.copy(frame.bitmap, rotation: .none, background: .black)
        recycle(frame.bitmap)
        return frame.duration
    }
}

/// A decoder that failed after it had opened (a board's hardware decoder meeting a stream its block does not take),
/// and the one that took over.
public struct DecoderFallback: Equatable, Sendable, CustomStringConvertible {
    /// The decoder that failed, as libavcodec names it ("h264_v4l2m2m").
    public var failed: String
    /// The frame it failed at, from 0.
    public var frame: Int
    public var error: ImageError
    /// The decoder that decodes from there ("h264").
    public var takenOverBy: String

    /// One line for the log, naming the file.
    public var description: String {
        "\(error.path): the \(failed) decoder failed at frame \(frame + 1) (\(error.call): \(error.message)); "
            + "\(takenOverBy) decodes it from there"
    }
}

/// What ended a decoder's frames before the file's own end (a file cut short, a record that does not read), kept
/// until the frames before it are given: then `nextFrame()` throws it where the next frame would be. So a file cut
/// short plays what it holds, and the caller shows those frames and says where they stopped. The GIF, WebP and
/// video decoders each keep one.
struct FramesCutShort {
    /// What stopped the frames; nil while nothing did.
    private(set) var failure: ImageError?

    /// `failure`, or nothing: a file that ends where it says.
    init(_ failure: ImageError? = nil) {
        self.failure = failure
    }

    /// Frames stop at `error`, met past the frame just given.
    mutating func stop(at error: ImageError) {
        failure = error
    }

    /// Called where the frames end: throws what stopped them, or gives nil for the file's own end.
    func end() throws(ImageError) -> AnimationFrame? {
        if let failure { throw failure }
        return nil
    }
}
