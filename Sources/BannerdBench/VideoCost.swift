import BannerContent
import CarouselEngine
import CarouselRendering
import GlyphText
import ImageDecoding
import Raster

/// Video banners on one thread, as the pre-render threads play them (`VideoFrames`, `FrameStream`): H.264 and VP9
/// at 720p and 1080p, 30 fps (ffmpeg's `testsrc2`, moving everywhere, made in the run by its libx264 and libvpx
/// encoders), shown in the banner of a 1920x1080 screen. Per frame: decoding and scaling to the banner, then the
/// whole banner drawn (decode, scale, text, sprite), each against the frame's own 33.3 ms: the real-time factor,
/// which a board several times slower than this machine divides. With the memory the decoder adds while playing.
enum VideoCost {
    static let codecs: [(name: String, file: String, encoder: [String])] = [
        ("H.264", "mp4", ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"]),
        ("VP9", "webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-pix_fmt", "yuv420p"]),
    ]
    static let sizes = [(width: 1280, height: 720), (width: 1920, height: 1080)]
    static let framesPerSecond = 30.0
    static let frames = 60

    static func run(fonts: FontSet, scratch: String) throws {
        print(
            "## Video banners: decode and scale, then the whole banner drawn, per frame against its 33.3 ms (real-time "
                + "factor; goal: well above 1 here, as a small board is several times slower)")
        let layout = try CarouselLayout(widthPixels: 1920, heightPixels: 1080, scale: 1)
        let banner = (width: layout.bannerWidthPixels, height: layout.bannerHeightPixels)
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let target = PrerenderTarget(
            width: banner.width, height: banner.height, scale: 1, cornerRadius: layout.cornerRadiusPixels,
            rotation: .none, background: benchBackground)
        let interval = 1e9 / framesPerSecond
        for codec in codecs {
            for size in sizes {
                let path = scratch + "/video-\(size.height)p.\(codec.file)"
                _ = try MemoryFootprint.child(
                    "/usr/bin/ffmpeg",
                    [
                        "-v", "error", "-y", "-f", "lavfi", "-i",
                        "testsrc2=size=\(size.width)x\(size.height):rate=\(Int(framesPerSecond))"
                            + ":duration=\(Double(frames) / framesPerSecond)",
                    ] + codec.encoder + [path])
                let label = "video \(codec.name) \(size.width)x\(size.height)"
                let before = residentKiB()
                guard let video = try ImageDecoder().animation(path: path, fitting: banner) else {
                    print("\(label): did not open as a video")
                    continue
                }
                var decoded = 0
                let decodeAndScale = try medianNanoseconds(runs: 2 * frames) {
                    if decoded == frames {
                        try video.rewind()
                        decoded = 0
                    }
                    // Handed back as the player's stream does once its sprite is made.
                    if let frame = try video.nextFrame() { video.recycle(frame.bitmap) }
                    decoded += 1
                }
                let playing = residentKiB() - before
                let content = Banner(id: "video", title: "Video", artwork: .file(path: path))
                guard let stream = FrameStream(banner: 0, content, renderer: renderer, for: target) else {
                    print("\(label): did not open to stream")
                    continue
                }
                var shown = -1
                let whole = medianNanoseconds(runs: frames) {
                    shown += 1
                    _ = stream.frame(shown, renderer: renderer, target: target)
                }
                print(
                    "\(label) into the banner's \(banner.width)x\(banner.height): decode and scale "
                        + "\(duration(nanoseconds: decodeAndScale)) a frame, \(fixed(interval / decodeAndScale, 1))x "
                        + "real time; the whole banner drawn (decode, scale, text, sprite) "
                        + "\(duration(nanoseconds: whole)), \(fixed(interval / whole, 1))x real time; "
                        + "\(playing >> 10) MiB resident more while playing (the decoder's pictures and threads)")
            }
        }
    }
}
