import BannerContent
import CarouselEngine
import CarouselRendering
import Foundation
import Glibc
import GlyphText
import ImageDecoding
import Raster

/// Video banners on one thread, as the pre-render threads play them (`VideoDecoder`, `StreamDrawer`): H.264 and VP9
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
                var missing = 0
                let decodeAndScale = try medianNanoseconds(runs: 2 * frames) {
                    if decoded == frames {
                        try video.rewind()
                        decoded = 0
                    }
                    // Handed back as the player's stream does once its sprite is made.
                    if let frame = try video.nextFrame(), frame.bitmap.width == banner.width {
                        video.recycle(frame.bitmap)
                    } else {
                        missing += 1
                    }
                    decoded += 1
                }
                let playing = residentKiB() - before
                let content = Banner(id: "video", title: "Video", artwork: .file(path: path))
                guard let stream = StreamDrawer(banner: 0, content, renderer: renderer, for: target) else {
                    print("\(label): did not open to stream")
                    continue
                }
                var shown = -1
                let whole = medianNanoseconds(runs: frames) {
                    shown += 1
                    if stream.frame(shown, renderer: renderer, target: target)?.sprite?.logicalWidth != banner.width {
                        missing += 1
                    }
                }
                // The plane path (issue 45): each frame decoded and scaled straight into a buffer a display plane
                // shows, with the room past its last row the scaler may write.
                let planeBytes = (banner.width * banner.height + AnimationFrame.scalerSlack) * 4
                let plane = UnsafeMutableRawPointer.allocate(byteCount: planeBytes, alignment: 64)
                defer { plane.deallocate() }
                let planeBuffer = PixelBuffer(
                    base: plane, width: banner.width, height: banner.height, stride: banner.width * 4,
                    format: .xrgb8888)
                try video.rewind()
                decoded = 0
                let intoPlane = try medianNanoseconds(runs: 2 * frames) {
                    if decoded == frames {
                        try video.rewind()
                        decoded = 0
                    }
                    if try video.nextFrame(into: planeBuffer) == nil { missing += 1 }
                    decoded += 1
                }
                guard missing == 0 else { throw Failure("\(label): \(missing) frame(s) not decoded or drawn") }
                print(
                    "\(label) into the banner's \(banner.width)x\(banner.height): decode and scale "
                        + "\(duration(nanoseconds: decodeAndScale)) a frame, \(fixed(interval / decodeAndScale, 1))x "
                        + "real time; the whole banner drawn (decode, scale, text, sprite) "
                        + "\(duration(nanoseconds: whole)), \(fixed(interval / whole, 1))x real time, "
                        + "\(fixed(whole / decodeAndScale)) of decode and scale (goal: at most 1.25); "
                        + "straight into a plane's buffer \(duration(nanoseconds: intoPlane)), the whole banner "
                        + "\(fixed(whole / intoPlane))x that; "
                        + "\(playing >> 10) MiB resident more while playing (the decoder's pictures and threads)")
            }
        }
        try atRest(fonts: fonts, scratch: scratch)
        try preview(fonts: fonts, scratch: scratch)
    }

    /// A 1080p30 H.264 video banner at rest in the centre of a 1920x1080 screen, rendered inline: each new frame
    /// written into a display buffer (`drawChanges`) filled with a sentinel first, the bytes it changed counted (every
    /// pixel written is opaque, the sentinel is not) against the banner's area at 4 bytes a pixel; and the heap
    /// allocations of a frame drawn as it plays (`StreamDrawer`, FFmpeg's own included), against the banner's bytes.
    static func atRest(fonts: FontSet, scratch: String) throws {
        print(
            "## A video banner at rest: bytes written per new frame against the banner's (goal: at most 1.05), and "
                + "the heap a streamed frame allocates (goal: no banner-sized block)")
        let path = scratch + "/video-1080p.mp4"
        let layout = try CarouselLayout(widthPixels: 1920, heightPixels: 1080, scale: 1)
        let bannerBytes = layout.bannerWidthPixels * layout.bannerHeightPixels * 4
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let banners = BannerList([Banner(id: "video", title: "Video", artwork: .file(path: path))])
        let presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: .none, background: benchBackground,
            rendering: .inline(renderer))
        let carousel = Carousel(layout: layout, count: 1)
        let storage = PixelBufferStorage(width: 1920, height: 1080, format: .xrgb8888)
        let buffer = storage.buffer
        presenter.focus(on: carousel)
        let interval = Duration.nanoseconds(Int64(1e9 / framesPerSecond))
        var now = Duration.zero
        var written: [Int] = []
        for n in 0..<(frames / 2) {
            now = interval * n + .milliseconds(1)
            let changed = presenter.advanceAnimations(carousel, at: now)
            buffer.base.initializeMemory(as: UInt8.self, repeating: 0x5A, count: buffer.stride * buffer.height)
            presenter.drawChanges(carousel.visibleViews(), into: buffer)
            guard n >= 2, changed == .frame else { continue }  // each of the two buffers drawn whole first
            var count = 0
            for y in 0..<buffer.height {
                let row = (buffer.base + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<buffer.width where row[x] != 0x5A5A_5A5A { count += 4 }
            }
            written.append(count)
        }
        guard let most = written.max(), !written.isEmpty else { throw Failure("no video frame changed at rest") }
        let target = PrerenderTarget(
            width: layout.bannerWidthPixels, height: layout.bannerHeightPixels, scale: 1,
            cornerRadius: layout.cornerRadiusPixels, rotation: .none, background: benchBackground)
        guard let stream = StreamDrawer(banner: 0, banners[0], renderer: renderer, for: target) else {
            throw Failure("\(path) did not open to stream")
        }
        for n in 0..<4 { _ = stream.frame(n, renderer: renderer, target: target) }  // the pool's blocks made
        var next = 4
        let counted = 20
        var drawn = 0
        let heap = AllocationCount.counting {
            for _ in 0..<counted {
                if stream.frame(next, renderer: renderer, target: target) != nil { drawn += 1 }
                next += 1
            }
        }
        guard drawn == counted else { throw Failure("\(counted - drawn) streamed frame(s) not drawn") }
        // The decoder alone, its frames handed back as the stream does: what FFmpeg's decode allocates, apart from
        // the drawing's share.
        guard let decoder = try ImageDecoder().animation(path: path, fitting: (target.width, target.height)) else {
            throw Failure("\(path) did not open to decode")
        }
        var decoded = 0
        func decode() {
            guard let frame = try? decoder.nextFrame() else { return }
            decoded += 1
            decoder.recycle(frame.bitmap)
        }
        for _ in 0..<4 { decode() }
        let decoding = AllocationCount.counting { for _ in 0..<counted { decode() } }
        guard decoded == 4 + counted else { throw Failure("\(4 + counted - decoded) frame(s) not decoded") }
        print(
            "video 1920x1080 at rest: \(written.count) new frames wrote at most \(most) bytes each, "
                + "\(fixed(Double(most) / Double(bannerBytes), 3))x the banner's \(bannerBytes); a streamed frame "
                + "allocates \(heap.mallocCount / counted) blocks, \(heap.mallocBytesCount / counted / 1024) KiB "
                + "(the banner is \(bannerBytes / 1024) KiB), of which decoding it alone \(decoding.mallocCount / counted) "
                + "blocks, \(decoding.mallocBytesCount / counted / 1024) KiB")
    }

    /// `bannerd render`'s work on a resting 1080p30 H.264 video banner for 2 and 4 simulated seconds (the presenter
    /// rendering inline, advanced at every 60 Hz step), in CPU time per second rendered, against the ffmpeg program
    /// decoding, cropping and scaling the same seconds to the banner's size: the same per second whatever the length
    /// (linear), and within 1.5 times ffmpeg's.
    static func preview(fonts: FontSet, scratch: String) throws {
        print(
            "## Previewing a video banner (bannerd render's work, no PNG written) against the ffmpeg program's decode "
                + "and scale of the same seconds, CPU time (goal: the same per second at 2 and 4 s; at most 1.5x ffmpeg)"
        )
        let layout = try CarouselLayout(widthPixels: 1920, heightPixels: 1080, scale: 1)
        let (width, height) = (layout.bannerWidthPixels, layout.bannerHeightPixels)
        let path = scratch + "/preview-1080p.mp4"
        _ = try MemoryFootprint.child(
            "/usr/bin/ffmpeg",
            ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=4"] + codecs[0].encoder
                + [path])
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let banners = BannerList([Banner(id: "video", title: "Video", artwork: .file(path: path))])
        for seconds in [2, 4] {
            let rendered = processCPUSeconds {
                let presenter = CarouselPresenter(
                    banners: banners, layout: layout, rotation: .none, background: benchBackground,
                    rendering: .inline(renderer))
                let carousel = Carousel(layout: layout, count: 1)
                for step in 0...(seconds * 60) {
                    presenter.focus(on: carousel)
                    _ = presenter.advanceAnimations(carousel, at: FramePacer.step * step)
                }
            }
            // The middle of the picture at the banner's aspect, scaled by area averaging to BGRA, as VideoDecoder does.
            let aspect = "\(width)/\(height)"
            let filter =
                "crop='min(iw,ih*\(aspect))':'min(ih,iw/(\(aspect)))',scale=\(width):\(height):flags=area,format=bgra"
            let ffmpeg = try childCPUSeconds(
                "/usr/bin/ffmpeg",
                ["-v", "error", "-threads", "2", "-t", "\(seconds)", "-i", path, "-vf", filter, "-f", "null", "-"])
            print(
                "\(seconds) s of 1080p30 H.264 into \(width)x\(height): render \(fixed(rendered / Double(seconds))) s "
                    + "CPU a second rendered, ffmpeg \(fixed(ffmpeg / Double(seconds))) s; render / ffmpeg "
                    + fixed(rendered / ffmpeg))
        }
    }

    /// A frame the bench asked for and did not get: its figures would time less work than playing does.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The CPU time of `executable` run with `arguments` to its end, in seconds (its exit status checked).
    private static func childCPUSeconds(_ executable: String, _ arguments: [String]) throws -> Double {
        let before = cpuSeconds(RUSAGE_CHILDREN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("\(executable) \(arguments.joined(separator: " ")): status \(process.terminationStatus)")
        }
        return cpuSeconds(RUSAGE_CHILDREN) - before
    }

    /// What `instructions` does per frame: decode and scale (`decode`), or draw the whole banner (`whole`).
    enum Work: String {
        case decode, whole
    }

    /// `frames` frames of the video at `path` for a 1920x1080 screen's banner, one at a time as a stream plays them,
    /// and nothing else: run under an instruction-counting emulator with two frame counts, the difference is the
    /// instructions of those frames alone, the start and the first frames cancelled out (scripts/pi-figure).
    static func instructions(path: String, work: Work, frames: Int, fonts: FontSet) throws {
        let layout = try CarouselLayout(widthPixels: 1920, heightPixels: 1080, scale: 1)
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let target = PrerenderTarget(
            width: layout.bannerWidthPixels, height: layout.bannerHeightPixels, scale: 1,
            cornerRadius: layout.cornerRadiusPixels, rotation: .none, background: benchBackground)
        var done = 0
        switch work {
        case .decode:
            guard let video = try ImageDecoder().animation(path: path, fitting: (target.width, target.height)) else {
                throw Failure("\(path) did not open as a video")
            }
            while done < frames, let frame = try video.nextFrame() {
                video.recycle(frame.bitmap)
                done += 1
            }
        case .whole:
            let banner = Banner(id: "video", title: "Video", artwork: .file(path: path))
            guard let stream = StreamDrawer(banner: 0, banner, renderer: renderer, for: target) else {
                throw Failure("\(path) did not open to stream")
            }
            while done < frames, stream.frame(done, renderer: renderer, target: target) != nil { done += 1 }
        }
        guard done == frames else { throw Failure("\(frames - done) of \(frames) frames not played") }
        print("video-instructions: \(frames) frames, \(work.rawValue)")
    }
}
