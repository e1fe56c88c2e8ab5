import CFFmpeg

/// Reading a video's probe (`VideoProbe`) from its container: from the index where it lists every frame, else from
/// the packets' timestamps, read without decoding.
extension VideoDecoder {
    /// The probe of this file: every frame's duration, from the timestamps of its complete index (`indexedStamps`)
    /// or else of the stream's packets (read, not decoded), sorted into presentation order, and the summary; then
    /// back to the start.
    func readProbe(codec: String, width: Int, height: Int) throws(ImageError) -> VideoProbe {
        guard let format, let timeBase = format.pointee.streams[Int(stream)]?.pointee.time_base else {
            throw ImageError(.corrupt, call: "avformat_open_input", message: "no stream", path: path)
        }
        var stamps: [Int64]
        var lastLength: Int64 = 0
        var cut: ImageError?
        let indexed = try indexedStamps()
        if let indexed {
            stamps = indexed
        } else {
            (stamps, lastLength, cut) = try packetStamps()
        }
        stamps.sort()
        let sought = ffmpeg.av_seek_frame(format, stream, stamps[0], AVSEEK_FLAG_BACKWARD)
        guard sought >= 0 else { throw error(sought, call: "av_seek_frame") }
        let rate = format.pointee.streams[Int(stream)]?.pointee.avg_frame_rate ?? AVRational(num: 0, den: 1)
        // The last frame lasts its packet's duration, or the gap before it, or the stream's average.
        let last =
            lastLength > 0
            ? lastLength
            : stamps.count > 1
                ? stamps[stamps.count - 1] - stamps[stamps.count - 2]
                : rate.num > 0 ? ffmpeg.av_rescale_q(1, AVRational(num: rate.den, den: rate.num), timeBase) : 0
        let ends = stamps.dropFirst() + [stamps[stamps.count - 1] + last]
        let durations: [Duration] = zip(stamps, ends).map { begin, end in
            // At least a millisecond: two frames stamped alike still show in turn.
            .microseconds(max(1000, ffmpeg.av_rescale_q(end - begin, timeBase, AVRational(num: 1, den: 1_000_000))))
        }
        let length = durations.reduce(.zero, +)
        // The container's average rate; the frames over the length when it has none.
        let framesPerSecond =
            rate.num > 0 && rate.den > 0
            ? Double(rate.num) / Double(rate.den)
            : Double(durations.count)
                / (Double(length.components.seconds) + Double(length.components.attoseconds) / 1e18)
        let summary = VideoSummary(
            codec: codec, width: width, height: height, frames: durations.count, framesPerSecond: framesPerSecond,
            length: length)
        return VideoProbe(
            summary: summary, durations: durations, start: stamps[0], cutShort: FramesCutShort(cut),
            fromIndex: indexed != nil)
    }

    /// The timestamps of the frames the container's index lists when it lists every one (MP4's sample table, read
    /// with the file's header: no packet is read), each within the file; nil for a partial index (Matroska's cues
    /// name keyframes only), one reaching past the file's end (a file cut short: its packets tell where), or a
    /// stream whose frames are decoded out of the order they show in (B-frames): an index holds decoding times, and
    /// only packets carry the times they show at.
    func indexedStamps() throws(ImageError) -> [Int64]? {
        guard let format, let video = format.pointee.streams[Int(stream)],
            video.pointee.codecpar.pointee.video_delay == 0
        else { return nil }
        let count = ffmpeg.avformat_index_get_entries_count(video)
        guard count > 0, Int64(count) == video.pointee.nb_frames else { return nil }
        guard count <= Self.maxFrames else {
            throw ImageError(.videoTooLong, call: "limits", message: "\(Self.maxFrames) frames at most", path: path)
        }
        let fileSize = ffmpeg.avio_size(format.pointee.pb)
        var stamps: [Int64] = []
        stamps.reserveCapacity(Int(count))
        for n in 0..<count {
            guard let entry = ffmpeg.avformat_index_get_entry(video, n)?.pointee,
                fileSize > 0, entry.pos + Int64(entry.size) <= fileSize
            else { return nil }
            // A sample the container's edit list cuts is decoded as a reference but never shown.
            if entry.flags & AVINDEX_DISCARD_FRAME != 0 { continue }
            stamps.append(entry.timestamp)
        }
        return stamps.isEmpty ? nil : stamps
    }

    /// The timestamps of the stream's packets, read to the file's end without decoding; the last one's duration;
    /// and what cut the file short, if it ends inside a packet.
    func packetStamps() throws(ImageError) -> (stamps: [Int64], lastLength: Int64, cut: ImageError?) {
        guard let format, let packet else {
            throw ImageError(.unreadable, call: "av_packet_alloc", message: "out of memory", path: path)
        }
        var stamps: [Int64] = []
        var lastLength: Int64 = 0
        var cut: ImageError?
        while true {
            let read = ffmpeg.av_read_frame(format, packet)
            if read == bannerd_averror_eof() { break }
            guard read >= 0 else {
                guard !stamps.isEmpty else { throw error(read, call: "av_read_frame") }
                cut = error(read, call: "av_read_frame")
                break
            }
            defer { ffmpeg.av_packet_unref(packet) }
            let p = packet.pointee
            // A packet the container's edit list cuts is decoded as a reference but never shown.
            guard p.stream_index == stream, p.flags & AV_PKT_FLAG_DISCARD == 0 else { continue }
            let stamp = p.pts != Int64.min ? p.pts : p.dts
            guard stamp != Int64.min else { continue }
            stamps.append(stamp)
            lastLength = p.duration
            guard stamps.count <= Self.maxFrames else {
                throw ImageError(.videoTooLong, call: "limits", message: "\(Self.maxFrames) frames at most", path: path)
            }
        }
        guard !stamps.isEmpty else {
            throw ImageError(.corrupt, call: "av_read_frame", message: "no video frame", path: path)
        }
        return (stamps, lastLength, cut)
    }
}
