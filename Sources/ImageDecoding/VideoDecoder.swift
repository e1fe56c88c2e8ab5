import CFFmpeg
import FileAccess
import Glibc
import Raster

/// A video file opened to play, through FFmpeg: libavformat demuxes it, libavcodec decodes its video stream (no
/// audio is read), libswscale turns each picture into BGRA at the size asked for (opaque, so premultiplied as is).
///
/// Only what a content directory should hold is opened: the file itself (`protocol_whitelist`: no URL, and no other
/// file that a reference inside it could name), in MP4/QuickTime or Matroska/WebM (`format_whitelist`), with H.264,
/// HEVC, VP8, VP9 or AV1 in it. The timeline (`durations`) is read from the container's packets when the file is
/// opened, without decoding a frame. Frames are decoded one at a time, in order.
final class VideoDecoder: AnimationDecoder {
    /// The size frames are given at: the size asked for, the picture cropped to its aspect and scaled (or its own
    /// size).
    private(set) var width = 0
    private(set) var height = 0
    /// A video plays once; the manifest's `loop = true` repeats it.
    let plays: Int? = 1
    /// Each frame's duration, in presentation order: the gaps between the packets' timestamps.
    private(set) var durations: [Duration]? = nil
    /// What the container says (`ImageDecoder.videoProbe`), read once per file.
    private(set) var probe: VideoProbe?
    private(set) var summary = VideoSummary(
        codec: "", width: 0, height: 0, frames: 0, framesPerSecond: 0, length: .zero)
    let path: String
    // Every C object is nil until made, so that deinit frees what a failed init made.
    private(set) var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    /// FFmpeg's calls (`FFmpegCalls`).
    let ffmpeg: bannerd_ffmpeg
    private(set) var packet: UnsafeMutablePointer<AVPacket>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private(set) var stream: Int32 = -1
    /// Where the first frame is, in the stream's time base: rewinding seeks there.
    private var start: Int64 = 0
    /// How many frames were given since the start (the index into `durations`).
    private var given = 0
    /// The file ends inside a packet: the frames before it play, then this is thrown.
    private var cutShort = FramesCutShort()
    /// The timeline came from the container's index, no packet read for it.
    private(set) var timelineFromIndex = false
    /// A frame's pixels handed back once drawn, written over by the next frame: a banner-sized buffer fewer to map
    /// and fault in at every frame.
    private var recycled: [UInt32] = []
    /// The software decoder while another (the board's hardware one) decodes: it takes over if that one fails.
    private var software: UnsafePointer<AVCodec>?
    /// The first decoder's failure, once the software one took over.
    private(set) var decoderFallback: DecoderFallback?

    /// The demuxers a video banner may use, as libavformat names them.
    static let formats = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm"
    /// The longest timeline read: an hour at 60 frames a second.
    static let maxFrames = 216_000
    /// Decoding threads per video: a pre-render thread draws while they decode.
    static let decodingThreads: Int32 = 2

    /// Opens the video at `path`; frames are given at `fitting` when asked (the middle of the picture, as much as has
    /// that aspect, scaled: what `Bitmap.scaledToFill` does, done by libswscale). The picture size is checked
    /// against `limits` before the decoder is opened. Without `decoding`, no decoder is opened (the timeline and
    /// summary only, as the loader wants them: a board's hardware decoder is not taken for that).
    /// `identity` is the file's as the caller opened it: its probe is read once (`VideoProbes`).
    /// `first` names the decoder tried before the software one (default: the board's hardware decoder).
    init(
        path: String, identity: FileIdentity? = nil, limits: ImageLimits, fitting: (width: Int, height: Int)?,
        decoding: Bool = true, first: String? = nil
    ) throws(ImageError) {
        self.path = path
        ffmpeg = try FFmpegCalls.forVideo(at: path)
        packet = ffmpeg.av_packet_alloc()
        picture = ffmpeg.av_frame_alloc()
        guard packet != nil, picture != nil else {
            throw ImageError(.unreadable, call: "av_frame_alloc", message: "out of memory", path: path)
        }
        var options: OpaquePointer?
        defer { ffmpeg.av_dict_free(&options) }
        // The whitelists keep a file from naming another protocol or a demuxer beyond the few we read: one not set
        // (out of memory) would leave all of them open, so the file is not opened then.
        for (key, value) in [("protocol_whitelist", "file"), ("format_whitelist", Self.formats)] {
            let set = ffmpeg.av_dict_set(&options, key, value, 0)
            guard set >= 0 else { throw error(set, call: "av_dict_set") }
        }
        // "file:", so that a colon in a file name is never taken for a protocol.
        let opened = ffmpeg.avformat_open_input(&format, "file:" + path, nil, &options)
        guard opened >= 0, let format else {
            throw error(opened, call: "avformat_open_input", kind: .notAnImage)
        }
        let found = ffmpeg.avformat_find_stream_info(format, nil)
        guard found >= 0 else { throw error(found, call: "avformat_find_stream_info") }
        stream = ffmpeg.av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard stream >= 0, let parameters = format.pointee.streams[Int(stream)]?.pointee.codecpar else {
            throw ImageError(.notAnImage, call: "av_find_best_stream", message: "no video stream", path: path)
        }
        let id = parameters.pointee.codec_id
        guard let name = Self.codecName(id), let decoder = ffmpeg.avcodec_find_decoder(id) else {
            throw ImageError(
                .unsupportedVideo, call: "avcodec_find_decoder", message: String(cString: ffmpeg.avcodec_get_name(id)),
                path: path)
        }
        let (sourceWidth, sourceHeight) = (Int(parameters.pointee.width), Int(parameters.pointee.height))
        try limits.check(width: sourceWidth, height: sourceHeight, call: "codecpar", path: path)
        let probe = try VideoProbes.shared.probe(path: path, identity: identity) { () throws(ImageError) in
            try readProbe(codec: name, width: sourceWidth, height: sourceHeight)
        }
        self.probe = probe
        durations = probe.durations
        summary = probe.summary
        start = probe.start
        cutShort = probe.cutShort
        timelineFromIndex = probe.fromIndex
        (width, height) = fitting.map { (max(1, $0.width), max(1, $0.height)) } ?? (sourceWidth, sourceHeight)
        guard decoding else { return }
        // The board's hardware decoder when libavcodec reaches one (it opens only where the device is), else software.
        if let hardware = (first ?? Self.hardwareDecoder(id)).flatMap({ ffmpeg.avcodec_find_decoder_by_name($0) }),
            (try? open(hardware, parameters)) != nil
        {
            summary.decoder = String(cString: hardware.pointee.name)
            software = decoder
            return
        }
        try open(decoder, parameters)
        summary.decoder = String(cString: decoder.pointee.name)
    }

    /// Opens `decoder` for the stream's `parameters` as `codec`; on failure nothing is left open.
    private func open(_ decoder: UnsafePointer<AVCodec>, _ parameters: UnsafeMutablePointer<AVCodecParameters>)
        throws(ImageError)
    {
        codec = ffmpeg.avcodec_alloc_context3(decoder)
        guard let codec else {
            throw ImageError(.unreadable, call: "avcodec_alloc_context3", message: "out of memory", path: path)
        }
        let copied = ffmpeg.avcodec_parameters_to_context(codec, parameters)
        codec.pointee.thread_count = Self.decodingThreads
        let ready = copied >= 0 ? ffmpeg.avcodec_open2(codec, decoder, nil) : copied
        guard ready >= 0 else {
            ffmpeg.avcodec_free_context(&self.codec)
            throw error(ready, call: "avcodec_open2", kind: .unsupportedVideo)
        }
    }

    /// The decoder of codec `id` that runs on a V4L2 memory-to-memory device (the Raspberry Pi's H.264 block, up to
    /// the Pi 4), tried before the software one; none where the system has no V4L2 device (`videoDevices`). There,
    /// opening it could only fail, and only after libavcodec had run its bitstream filter over the stream's header:
    /// fuzzing found an HEVC header that makes that filter reallocate its output thousands of times (2 GB of memory
    /// under AddressSanitizer, 3.7 s; Fuzz/Corpus/video/hevc-nal-storm.mkv).
    static func hardwareDecoder(_ id: AVCodecID, videoDevices: Bool = hasVideoDevices) -> String? {
        guard videoDevices else { return nil }
        return switch id {
        case AV_CODEC_ID_H264: "h264_v4l2m2m"
        case AV_CODEC_ID_HEVC: "hevc_v4l2m2m"
        default: nil
        }
    }

    /// Whether the system has V4L2 device nodes (`/dev/video*`, the decoders' among them), read once: a board's
    /// decoder does not come and go.
    static let hasVideoDevices: Bool = {
        guard let directory = opendir("/dev") else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let video = withUnsafeBytes(of: entry.pointee.d_name) { $0.starts(with: "video".utf8) }
            if video { return true }
        }
        return false
    }()

    deinit {
        ffmpeg.sws_freeContext(scaler)
        ffmpeg.av_frame_free(&picture)
        ffmpeg.av_packet_free(&packet)
        ffmpeg.avcodec_free_context(&codec)
        ffmpeg.avformat_close_input(&format)
    }

    func nextFrame() throws(ImageError) -> AnimationFrame? {
        // The pixels of a frame given before and handed back (`recycle`), or new ones; with the scaler's slack past
        // the last row while it writes, dropped after (the array keeps its capacity, so no copy either way).
        let count = width * height
        var pixels = recycled
        recycled = []
        if pixels.count != count {
            pixels = []
            pixels.reserveCapacity(count + AnimationFrame.scalerSlack)  // the slack's append copies nothing
            pixels.append(contentsOf: repeatElement(0, count: count))
        }
        pixels.append(contentsOf: repeatElement(0, count: AnimationFrame.scalerSlack))
        let decoded = pixels.withUnsafeMutableBytes { buffer in
            Result { () throws(ImageError) -> Duration? in
                guard let base = buffer.baseAddress else { return nil }
                return try nextFrame(into: base, stride: width * 4)
            }
        }
        pixels.removeLast(AnimationFrame.scalerSlack)
        guard let duration = try decoded.get() else {
            recycled = pixels
            return nil
        }
        guard let bitmap = Bitmap(width: width, height: height, premultipliedPixels: pixels) else { return nil }
        return AnimationFrame(bitmap: bitmap, duration: duration)
    }

    func nextFrame(into target: PixelBuffer) throws(ImageError) -> Duration? {
        guard target.width == width, target.height == height, target.format == .xrgb8888 else {
            throw ImageError(
                .corrupt, call: "nextFrame",
                message:
                    "a \(target.width)x\(target.height) \(target.format.name) buffer for \(width)x\(height) frames",
                path: path)
        }
        return try nextFrame(into: target.base, stride: target.stride)
    }

    /// The next frame decoded and scaled into `width` x `height` BGRA pixels at `base`, rows `stride` bytes apart.
    private func nextFrame(into base: UnsafeMutableRawPointer, stride: Int) throws(ImageError) -> Duration? {
        guard let durations, given < durations.count, let picture else { return nil }
        do {
            guard try receive(into: picture) else { return nil }
        } catch {
            // A hardware decoder that opened may still fail (a profile or a size its block does not take).
            guard let software, error != cutShort.failure else { throw error }
            try decodeInSoftware(software, after: error)
            guard try receive(into: picture) else { return nil }
        }
        defer { ffmpeg.av_frame_unref(picture) }
        try scale(picture, into: base, stride: stride)
        given += 1
        return durations[given - 1]
    }

    /// The next picture decoded into `picture`; false after the last.
    private func receive(into picture: UnsafeMutablePointer<AVFrame>) throws(ImageError) -> Bool {
        guard let codec, let format, let packet else { return false }
        while true {
            let received = ffmpeg.avcodec_receive_frame(codec, picture)
            if received == 0 { return true }
            if received == bannerd_averror_eof() {
                _ = try cutShort.end()  // throws for a file cut short
                return false
            }
            guard received == -EAGAIN else { throw error(received, call: "avcodec_receive_frame") }
            try feed(codec, from: format, through: packet)
        }
    }

    /// The first decoder failed with `failure` at frame `given`: `decoder` (software) takes over from the start of the
    /// file, decoding the frames already given without scaling them, so that the next one is the frame due.
    private func decodeInSoftware(_ decoder: UnsafePointer<AVCodec>, after failure: ImageError) throws(ImageError) {
        software = nil
        decoderFallback = DecoderFallback(
            failed: summary.decoder, frame: given, error: failure, takenOverBy: String(cString: decoder.pointee.name))
        ffmpeg.avcodec_free_context(&codec)
        guard let format, let parameters = format.pointee.streams[Int(stream)]?.pointee.codecpar, let picture else {
            throw failure
        }
        try open(decoder, parameters)
        summary.decoder = String(cString: decoder.pointee.name)
        let sought = ffmpeg.av_seek_frame(format, stream, start, AVSEEK_FLAG_BACKWARD)
        guard sought >= 0 else { throw error(sought, call: "av_seek_frame") }
        for _ in 0..<given {
            guard try receive(into: picture) else { return }
            ffmpeg.av_frame_unref(picture)
        }
    }

    func recycle(_ bitmap: consuming Bitmap) {
        recycled = bitmap.pixels
    }

    func rewind() throws(ImageError) {
        guard let format else { return }
        let sought = ffmpeg.av_seek_frame(format, stream, start, AVSEEK_FLAG_BACKWARD)
        guard sought >= 0 else { throw error(sought, call: "av_seek_frame") }
        if let codec { ffmpeg.avcodec_flush_buffers(codec) }
        given = 0
    }

    /// Sends the decoder the stream's next packet, or, at the end of the file, the end.
    private func feed(
        _ codec: UnsafeMutablePointer<AVCodecContext>, from format: UnsafeMutablePointer<AVFormatContext>,
        through packet: UnsafeMutablePointer<AVPacket>
    ) throws(ImageError) {
        while true {
            let read = ffmpeg.av_read_frame(format, packet)
            guard read >= 0 else {
                // The end, or a file cut inside a packet: the decoder gives what it holds, then stops.
                _ = ffmpeg.avcodec_send_packet(codec, nil)
                return
            }
            defer { ffmpeg.av_packet_unref(packet) }
            guard packet.pointee.stream_index == stream else { continue }
            let sent = ffmpeg.avcodec_send_packet(codec, packet)
            guard sent >= 0 else { throw error(sent, call: "avcodec_send_packet") }
            return
        }
    }

    /// The decoded `frame` scaled to `width` x `height` BGRA pixels at `base` (rows `stride` bytes apart), through a
    /// scaler made for its size and format (kept while they stay), with the colour matrix and range the stream says.
    private func scale(_ frame: UnsafeMutablePointer<AVFrame>, into base: UnsafeMutableRawPointer, stride: Int)
        throws(ImageError)
    {
        // The middle of the picture with the output's aspect: the data pointers moved, nothing copied.
        let crop = Self.crop(width: Int(frame.pointee.width), height: Int(frame.pointee.height), to: (width, height))
        frame.pointee.crop_left = crop.left
        frame.pointee.crop_right = crop.right
        frame.pointee.crop_top = crop.top
        frame.pointee.crop_bottom = crop.bottom
        let cropped = ffmpeg.av_frame_apply_cropping(frame, Int32(AV_FRAME_CROP_UNALIGNED))
        guard cropped >= 0 else { throw error(cropped, call: "av_frame_apply_cropping") }
        let f = frame.pointee
        scaler = ffmpeg.sws_getCachedContext(
            scaler, f.width, f.height, AVPixelFormat(f.format), Int32(width), Int32(height), AV_PIX_FMT_BGRA,
            SWS_AREA, nil, nil, nil)
        guard let scaler else {
            throw ImageError(
                .corrupt, call: "sws_getCachedContext", message: "a \(f.width)x\(f.height) picture cannot be scaled",
                path: path)
        }
        // A YUV picture's matrix and range, as the stream says: SWS_CS_* number the matrices as AVColorSpace does,
        // and libswscale takes an unknown one for BT.601. An RGB picture (VP9 and HEVC can carry one) has none.
        let isRGB = ffmpeg.av_pix_fmt_desc_get(AVPixelFormat(f.format)).map {
            $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        }
        if isRGB == false {
            _ = ffmpeg.sws_setColorspaceDetails(
                scaler, ffmpeg.sws_getCoefficients(Int32(f.colorspace.rawValue)),
                f.color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                ffmpeg.sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        }
        let rows = bannerd_sws_scale_packed(
            ffmpeg.sws_scale, scaler, frame, base.assumingMemoryBound(to: UInt8.self), Int32(stride))
        guard rows == Int32(height) else {
            throw ImageError(.corrupt, call: "sws_scale", message: "scaled \(rows) of \(height) rows", path: path)
        }
    }

    /// The columns and rows to take off each side of a `width` x `height` picture to leave its middle at the aspect
    /// of `target`.
    static func crop(width: Int, height: Int, to target: (width: Int, height: Int))
        -> (left: Int, right: Int, top: Int, bottom: Int)
    {
        let aspect = Double(target.width) / Double(target.height)
        let keptWidth = min(width, max(1, Int((Double(height) * aspect).rounded())))
        let keptHeight = min(height, max(1, Int((Double(width) / aspect).rounded())))
        let (left, top) = ((width - keptWidth) / 2, (height - keptHeight) / 2)
        return (left, width - keptWidth - left, top, height - keptHeight - top)
    }

    /// How `check` names codec `id`; nil for a codec a video banner may not use.
    static func codecName(_ id: AVCodecID) -> String? {
        switch id {
        case AV_CODEC_ID_H264: "H.264"
        case AV_CODEC_ID_HEVC: "HEVC"
        case AV_CODEC_ID_VP8: "VP8"
        case AV_CODEC_ID_VP9: "VP9"
        case AV_CODEC_ID_AV1: "AV1"
        default: nil
        }
    }

    /// An image error for FFmpeg's status `status` from `call`, with FFmpeg's text for it.
    func error(_ status: Int32, call: String, kind: ImageError.Kind = .corrupt) -> ImageError {
        var text = [CChar](repeating: 0, count: 128)
        _ = ffmpeg.av_strerror(status, &text, text.count)
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return ImageError(kind, call: call, message: String(decoding: bytes, as: UTF8.self), path: path)
    }
}
