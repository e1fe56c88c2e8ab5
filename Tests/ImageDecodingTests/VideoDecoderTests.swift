import Foundation
import Raster
import Testing
import ThreadSanitizerRun

@testable import ImageDecoding

/// Videos made by ffmpeg's encoders (libx264, libvpx-vp9, libx265, libaom) from its test card, played by
/// `VideoDecoder` and compared with what the ffmpeg program decodes from the same file: every frame, in order, at
/// the file's own size and scaled to cover a banner, and the timeline read from the container.
@Suite struct VideoDecoderTests {
    /// A codec's encoder, the container it goes in, and how `check` names it.
    struct Encoding: CustomTestStringConvertible, Sendable {
        var encoder: [String]
        var file: String
        var name: String
        /// The libavcodec decoder that plays it here.
        var decoder: String
        var testDescription: String { name }
    }

    static let encodings = [
        Encoding(
            encoder: ["-c:v", "libx264", "-pix_fmt", "yuv420p"], file: "made.mp4", name: "H.264", decoder: "h264"),
        Encoding(
            encoder: ["-c:v", "libvpx-vp9", "-deadline", "realtime"], file: "made.webm", name: "VP9", decoder: "vp9"),
        Encoding(encoder: ["-c:v", "libvpx", "-deadline", "realtime"], file: "made.webm", name: "VP8", decoder: "vp8"),
        Encoding(
            encoder: ["-c:v", "libx265", "-x265-params", "log-level=error"], file: "made.mkv", name: "HEVC",
            decoder: "hevc"),
        Encoding(
            encoder: ["-c:v", "libaom-av1", "-cpu-used", "8"], file: "made.mkv", name: "AV1", decoder: "libdav1d"),
    ]

    /// ffmpeg's test card, 12 frames at 25 a second.
    static let card = "testsrc=size=64x48:rate=25:duration=0.48"

    /// `source` encoded as `encoding` into `directory`; the file's path.
    static func make(_ encoding: Encoding, from source: String = card, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(encoding.file).path
        try FFmpeg.run(FFmpeg.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", source] + encoding.encoder + [path])
        return path
    }

    /// What ffmpeg decodes from `path`, its middle cropped by ffmpeg's `crop` filter (`crop`, when given) and scaled to
    /// `size` by the same area average, as BGRA words. The scale filter gives BGRA itself (the format filter after it
    /// asks for it), so one libswscale call scales and converts, as in `VideoDecoder`.
    static func reference(_ path: String, crop: String? = nil, size: (width: Int, height: Int)) throws -> [[UInt32]] {
        let scale = "scale=\(size.width):\(size.height):flags=area,format=bgra"
        let raw = try FFmpeg.run(
            FFmpeg.ffmpeg,
            [
                "-v", "error", "-i", path, "-vf", (crop.map { $0 + "," } ?? "") + scale, "-f", "rawvideo", "-pix_fmt",
                "bgra", "-",
            ])
        let count = size.width * size.height
        let words = raw.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        return stride(from: 0, to: words.count - count + 1, by: count).map { Array(words[$0..<$0 + count]) }
    }

    /// The largest difference of one channel between two pictures of the same size.
    static func largestDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
        zip(a, b).reduce(0) { worst, pair in
            (0..<4).reduce(worst) { worst, channel in
                let shift = UInt32(channel * 8)
                return max(worst, abs(Int(pair.0 >> shift & 0xFF) - Int(pair.1 >> shift & 0xFF)))
            }
        }
    }

    /// Every frame `frames` gives, to its end.
    static func all(_ frames: any AnimationDecoder) throws -> [AnimationFrame] {
        var all: [AnimationFrame] = []
        while let frame = try frames.nextFrame() { all.append(frame) }
        return all
    }

    @Test(
        .disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)),
        arguments: encodings)
    func everyFrameIsWhatFFmpegDecodes(encoding: Encoding) throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.make(encoding, in: directory)
        for fitting in [nil, (width: 100, height: 100)] {
            let video = try VideoDecoder(path: path, limits: .default, fitting: fitting)
            #expect(video.summary.codec == encoding.name)
            #expect(video.summary.width == 64 && video.summary.height == 48 && video.summary.frames == 12)
            #expect(video.summary.framesPerSecond == 25)
            // No V4L2 decoder here: the hardware one is tried, does not open, and the software one plays.
            #expect(video.summary.decoder == encoding.decoder)
            #expect(video.summary.length == .milliseconds(480))
            #expect(video.durations == Array(repeating: .milliseconds(40), count: 12))
            #expect(video.plays == 1)
            // Into a square banner: the middle 48x48 of the picture, scaled.
            let size = fitting == nil ? (64, 48) : (100, 100)
            #expect(video.width == size.0 && video.height == size.1)
            let frames = try Self.all(video)
            let expected = try Self.reference(path, crop: fitting.map { _ in "crop=48:48:8:0" }, size: size)
            #expect(frames.count == 12 && expected.count == 12)
            for (n, (frame, reference)) in zip(frames, expected).enumerated() {
                let difference = Self.largestDifference(frame.bitmap.pixels, reference)
                #expect(difference <= 2, "frame \(n) of \(encoding.name) at \(size): \(difference) apart")
            }
        }
    }

    /// Frames scaled straight into a display plane's buffer are the frames given as bitmaps, every pixel, at widths
    /// of every remainder by 8. libswscale writes whole blocks, past a row's end when the width is not a multiple of
    /// one: what it writes past the width stays within `AnimationFrame.scalerSlack`, and nothing past that is
    /// touched (the rows here have room to see it). A buffer of another size is refused.
    @Test func framesIntoAPlanesBufferAreTheFramesAsBitmaps() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.make(Self.encodings[0], in: directory)
        var widest = 0
        for width in 97...104 {
            let fitting = (width: width, height: 60)
            let bitmaps = try Self.all(VideoDecoder(path: path, limits: .default, fitting: fitting))
            let video = try VideoDecoder(path: path, limits: .default, fitting: fitting)
            let room = width + 2 * AnimationFrame.scalerSlack
            let memory = UnsafeMutableRawPointer.allocate(byteCount: room * 4 * 61, alignment: 64)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: room * 4 * 61)
            let buffer = PixelBuffer(base: memory, width: width, height: 60, stride: room * 4, format: .xrgb8888)
            var frames = 0
            while let duration = try video.nextFrame(into: buffer) {
                #expect(duration == .milliseconds(40))
                var differing = 0
                for y in 0..<60 {
                    let row = (memory + y * room * 4).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width where row[x] != bitmaps[frames].bitmap[x, y] { differing += 1 }
                    let past = (width..<room).last { row[$0] != 0xABAB_ABAB }.map { $0 + 1 - width } ?? 0
                    widest = max(widest, past)
                }
                #expect(differing == 0, "frame \(frames) at width \(width)")
                frames += 1
            }
            #expect(frames == 12 && bitmaps.count == 12)
        }
        #expect(widest > 0 && widest <= AnimationFrame.scalerSlack, "\(widest) pixels written past a row")
        let video = try VideoDecoder(path: path, limits: .default, fitting: (width: 100, height: 60))
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 64 * 48 * 4, alignment: 64)
        defer { memory.deallocate() }
        let wrong = PixelBuffer(base: memory, width: 64, height: 48, stride: 64 * 4, format: .xrgb8888)
        #expect(throws: ImageError.self) { _ = try video.nextFrame(into: wrong) }
    }

    /// A first decoder that opens and then fails (as a board's hardware decoder does on a stream its block does not
    /// take) hands over to the software one: here libavcodec's own AV1 decoder, which opens without a device and
    /// decodes only through one. Every frame still comes, as ffmpeg decodes it, and the fallback names both.
    @Test func aDecoderFailingAfterItOpenedHandsOverToSoftware() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let av1 = try #require(Self.encodings.first { $0.name == "AV1" })
        let path = try Self.make(av1, in: directory)
        let video = try VideoDecoder(path: path, limits: .default, fitting: nil, first: "av1")
        #expect(video.summary.decoder == "av1" && video.decoderFallback == nil)
        let frames = try Self.all(video)
        let expected = try Self.reference(path, size: (64, 48))
        #expect(frames.count == 12 && expected.count == 12)
        for (n, (frame, reference)) in zip(frames, expected).enumerated() {
            let difference = Self.largestDifference(frame.bitmap.pixels, reference)
            #expect(difference <= 2, "frame \(n): \(difference) apart")
        }
        let fallback = try #require(video.decoderFallback)
        #expect(fallback.failed == "av1" && fallback.takenOverBy == "libdav1d" && fallback.frame == 0)
        #expect(video.summary.decoder == "libdav1d")
        #expect(fallback.description.hasPrefix(path + ": the av1 decoder failed at frame 1 (avcodec_"))
        #expect(fallback.description.hasSuffix("libdav1d decodes it from there"))
    }

    /// How a stream says its colours are coded: the matrix and range tags an encoder writes, and what ffprobe reads.
    struct ColourTags: CustomTestStringConvertible, Sendable {
        var flags: [String]
        /// ffprobe's `color_range` and `color_space`, as it prints them.
        var probed: String
        var testDescription: String { probed }
    }

    static let colourTags = [
        ColourTags(flags: ["-colorspace", "bt709", "-color_range", "tv"], probed: "tv,bt709"),
        ColourTags(flags: ["-colorspace", "smpte170m", "-color_range", "tv"], probed: "tv,smpte170m"),
        ColourTags(flags: ["-colorspace", "bt709", "-color_range", "pc"], probed: "pc,bt709"),
    ]

    /// A stream tagged BT.709 or BT.601, limited or full range, plays as ffmpeg decodes it, within 2 levels, and its
    /// tags count: the same coded pictures under BT.601's limited-range tags come out more than 2 levels apart.
    @Test(arguments: colourTags)
    func taggedColoursPlayAsFFmpegDecodesThem(tags: ColourTags) throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        func encode(_ flags: [String], _ name: String) throws -> String {
            let path = directory.appendingPathComponent(name).path
            // Saturated colours, where the matrices differ most.
            try FFmpeg.run(
                FFmpeg.ffmpeg,
                ["-v", "error", "-f", "lavfi", "-i", "smptebars=size=64x48:rate=25:duration=0.16", "-c:v", "libx264"]
                    + ["-pix_fmt", "yuv420p"] + flags + [path])
            return path
        }
        let path = try encode(tags.flags, "tagged.mp4")
        let probed = try FFmpeg.run(
            FFmpeg.ffprobe,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=color_space,color_range", "-of",
                "csv=p=0", path,
            ])
        #expect(String(decoding: probed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == tags.probed)
        let frames = try Self.all(VideoDecoder(path: path, limits: .default, fitting: nil))
        let expected = try Self.reference(path, size: (64, 48))
        #expect(frames.count == 4 && expected.count == 4)
        for (n, (frame, reference)) in zip(frames, expected).enumerated() {
            let difference = Self.largestDifference(frame.bitmap.pixels, reference)
            #expect(difference <= 2, "frame \(n): \(difference) apart")
        }
        guard tags.probed != "tv,smpte170m" else { return }
        // The same pictures coded again, tagged BT.601 limited: other colours.
        let retagged = directory.appendingPathComponent("retagged.mp4").path
        try FFmpeg.run(
            FFmpeg.ffmpeg,
            [
                "-v", "error", "-i", path, "-c", "copy", "-bsf:v",
                "h264_metadata=matrix_coefficients=6:video_full_range_flag=0", retagged,
            ])
        let other = try Self.all(VideoDecoder(path: retagged, limits: .default, fitting: nil))
        #expect(Self.largestDifference(other[0].bitmap.pixels, frames[0].bitmap.pixels) > 2)
    }

    @Test func rewindPlaysTheSameFramesAgain() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let video = try VideoDecoder(path: Self.make(Self.encodings[0], in: directory), limits: .default, fitting: nil)
        let first = try Self.all(video).map(\.bitmap)
        try video.rewind()
        let again = try Self.all(video).map(\.bitmap)
        #expect(first.count == 12 && again == first)
        // Rewound partway through, too.
        try video.rewind()
        _ = try video.nextFrame()
        try video.rewind()
        #expect(try video.nextFrame()?.bitmap == first[0])
    }

    /// A video's container is read for its timeline once, however often it is opened (its length for the loader, its
    /// first frame for `check`, its frames to play), and each opening plays it as a first reading does: the timeline,
    /// the summary, every frame, the rewind. A file written again is read again.
    @Test func aVideoIsProbedOnceUntilItsFileChanges() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.make(Self.encodings[0], in: directory)
        let uncached = try VideoDecoder(path: path, limits: .default, fitting: (40, 30))
        let expected = try Self.all(uncached).map(\.bitmap)
        let decoder = ImageDecoder()
        #expect(decoder.videoProbe(path: path)?.summary.length == uncached.summary.length)
        #expect(try decoder.decodeImage(path: path, fitting: (40, 30)).bitmap == expected[0])
        for _ in 0..<2 {
            let video = try #require(try decoder.animation(path: path, fitting: (40, 30)) as? VideoDecoder)
            #expect(video.durations == uncached.durations && video.summary == uncached.summary)
            #expect(try Self.all(video).map(\.bitmap) == expected)
            try video.rewind()
            #expect(try video.nextFrame()?.bitmap == expected[0])
        }
        #expect(VideoProbes.shared.reads(of: path) == 1)
        // Written again (renamed into place, as rsync does): another file, read again.
        let elsewhere = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let other = try Self.make(Self.encodings[0], from: "testsrc=size=64x48:rate=25:duration=0.2", in: elsewhere)
        #expect(rename(other, path) == 0)
        #expect(decoder.videoProbe(path: path)?.summary.length == .milliseconds(200))
        #expect(VideoProbes.shared.reads(of: path) == 2)
    }

    /// Threads opening videos at once (the loader on the loop, the pre-render threads) share the probes: every opening
    /// is given the whole timeline, and a file is read at most by the threads that missed it together (a probe is read
    /// outside the lock), under ThreadSanitizer in scripts/test. An NSLock gathers the lengths: ThreadSanitizer does
    /// not see Synchronization's Mutex wait.
    @Test func threadsShareTheProbes() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try [Self.encodings[0], Self.encodings[1]].map { try Self.make($0, in: directory) }
        let lengths = Gathered<Duration?>()
        DispatchQueue.concurrentPerform(iterations: 8) { n in
            lengths.append(ImageDecoder().videoProbe(path: paths[n % 2])?.summary.length)
        }
        #expect(lengths.values == Array(repeating: .milliseconds(480), count: 8))
        #expect(paths.allSatisfy { (1...4).contains(VideoProbes.shared.reads(of: $0)) })
    }

    /// A frame handed back once drawn lends its pixels to the next frame (no new banner-sized buffer), which is still
    /// the next frame, whole.
    @Test func aRecycledFrameCarriesTheNext() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.make(Self.encodings[0], in: directory)
        let expected = try Self.all(VideoDecoder(path: path, limits: .default, fitting: (40, 30))).map(\.bitmap)
        let video = try VideoDecoder(path: path, limits: .default, fitting: (40, 30))
        var previous: UnsafeRawPointer?
        for n in 0..<12 {
            let bitmap = try #require(try video.nextFrame()).bitmap
            let address = bitmap.pixels.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
            if n > 0 { #expect(address == previous, "frame \(n) in the pixels of the one before") }
            #expect(bitmap == expected[n], "frame \(n)")
            previous = address
            video.recycle(bitmap)
        }
    }

    @Test func theTimelineFollowsEachFramesOwnTimestamp() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Frame 5 comes 120 ms late: frame 4 shows for 160 ms. ffmpeg passes the timestamps through as they are
        // (into MP4 it would otherwise repeat frames to fill the gap).
        let late = Self.card + ",setpts='(N*0.04+gte(N\\,5)*0.12)/TB'"
        // Without B-frames, an MP4's timeline is its sample table's, no packet read; with them (libx264's default),
        // and in Matroska (whose cues name keyframes only), its packets'.
        var inOrder = Self.encodings[0]
        inOrder.encoder += ["-bf", "0"]
        inOrder.file = "in-order.mp4"
        for (var encoding, indexed) in [(inOrder, true), (Self.encodings[0], false), (Self.encodings[1], false)] {
            encoding.encoder += ["-fps_mode", "passthrough"]
            let path = try Self.make(encoding, from: late, in: directory)
            let video = try VideoDecoder(path: path, limits: .default, fitting: nil)
            var expected = Array(repeating: Duration.milliseconds(40), count: 12)
            expected[4] = .milliseconds(160)
            #expect(video.durations == expected, "\(encoding.file)")
            #expect(video.timelineFromIndex == indexed, "\(encoding.file)")
            #expect(try Self.all(video).count == 12)
        }
    }

    /// The bad files a content directory gets: one error each, naming the file, the call and FFmpeg's reason.
    @Test func aBadVideoIsOneErrorNamingIt() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        func made(_ name: String, _ arguments: [String]) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try FFmpeg.run(FFmpeg.ffmpeg, ["-v", "error"] + arguments + [path])
            return path
        }
        func failure(_ path: String, limits: ImageLimits = .default) -> ImageError? {
            do {
                _ = try VideoDecoder(path: path, limits: limits, fitting: nil)
                return nil
            } catch { return error }
        }
        // A codec bannerd does not play (MPEG-4 Part 2), named as FFmpeg names it.
        let mpeg4 = try made("old.mp4", ["-f", "lavfi", "-i", Self.card, "-c:v", "mpeg4"])
        #expect(failure(mpeg4)?.kind == .unsupportedVideo && failure(mpeg4)?.message == "mpeg4")
        // A picture over the limits, refused before the decoder opens.
        let h264 = try Self.make(Self.encodings[0], in: directory)
        #expect(failure(h264, limits: ImageLimits(maxSide: 32))?.kind == .tooLarge(width: 64, height: 48))
        // Sound and no picture.
        let sound = try made("sound.mkv", ["-f", "lavfi", "-i", "sine=duration=0.2", "-c:a", "flac"])
        #expect(failure(sound)?.kind == .notAnImage && failure(sound)?.call == "av_find_best_stream")
        // An MP4 cut short whose index is at its end (as ffmpeg writes by default): the index is gone.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: h264))
        let cut = directory.appendingPathComponent("cut.mp4")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        #expect(failure(cut.path)?.call == "avformat_open_input")
        #expect(failure(cut.path)?.description.hasPrefix(cut.path + ": ") == true)
    }

    /// An MP4 cut short with its index first (`+faststart`, as streaming tools write) plays the frames it holds: the
    /// timeline has the whole packets, and the one cut through either decodes or ends the video with an error (FFmpeg
    /// 5.1 decodes what it has of it, 7.1 says the data is invalid), as a GIF's broken frame does.
    @Test func aVideoCutShortPlaysTheFramesItHolds() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        var encoding = Self.encodings[0]
        encoding.encoder += ["-movflags", "+faststart", "-g", "1"]
        let whole = try Self.make(encoding, from: "testsrc=size=64x48:rate=25:duration=2", in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = directory.appendingPathComponent("cut:short.mp4")
        try bytes.prefix(bytes.count * 2 / 3).write(to: cut)
        let video = try VideoDecoder(path: cut.path, limits: .default, fitting: nil)
        let frames = try #require(video.durations?.count)
        #expect(frames > 10 && frames < 50)
        var played = 0
        do {
            while try video.nextFrame() != nil { played += 1 }
        } catch {
            #expect(error.kind == .corrupt && error.path == cut.path, "\(error)")
        }
        #expect(played >= frames - 1)
    }

    /// A playlist naming another file is never followed: only MP4/QuickTime and Matroska/WebM demuxers are allowed,
    /// so HLS (which would read the segment it names, wherever it is) does not open, even given the file directly.
    @Test func aPlaylistNamingAnotherFileIsNotFollowed() throws {
        let directory = try FFmpeg.scratch("video")
        defer { try? FileManager.default.removeItem(at: directory) }
        let segment = directory.appendingPathComponent("elsewhere.ts").path
        try FFmpeg.run(
            FFmpeg.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", Self.card, "-c:v", "libx264", "-f", "mpegts", segment])
        let playlist = directory.appendingPathComponent("list.m3u8")
        try "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:0.48,\n\(segment)\n#EXT-X-ENDLIST\n".write(
            to: playlist, atomically: true, encoding: .utf8)
        #expect(throws: ImageError.self) { try VideoDecoder(path: playlist.path, limits: .default, fitting: nil) }
        // The segment itself is MPEG-TS: not a container a banner plays either.
        #expect(throws: ImageError.self) { try VideoDecoder(path: segment, limits: .default, fitting: nil) }
    }
}

/// Values appended from several threads. Sendable because `gathered` is read and written with `lock` held only.
final class Gathered<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var gathered: [Value] = []
    var values: [Value] { lock.withLock { gathered } }
    func append(_ value: Value) { lock.withLock { gathered.append(value) } }
}
