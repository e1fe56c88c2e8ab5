import ImageDecoding

/// What `check` says of a video: what it is, and whether a Raspberry Pi decodes it in time, from the Pi's published
/// specifications and what Debian's FFmpeg reaches of them (the table is in board/README.md).
enum VideoAdvice {
    /// H.264 at 1920x1080 and 30 frames a second: what the hardware decoder of a Pi 1 to 3 plays (a Pi 4's plays
    /// 1080p60; a Pi 5 has none and decodes H.264 in software fast enough), through libavcodec's h264_v4l2m2m.
    static let hardwarePixelRate = 1920 * 1088 * 30
    /// 1280x720 at 30 frames a second: about what a Pi 3's four Cortex-A53 cores decode of the other codecs in
    /// software. Debian's FFmpeg has no path to the HEVC blocks of the Pi 4 and 5 (they need the V4L2 request API,
    /// which Raspberry Pi OS patches in), so HEVC is software too.
    static let softwarePixelRate = 1280 * 720 * 30

    /// "a video: H.264 1920x1080 at 25 fps, 30 s (750 frames), decoded as it plays at the banner's 768x448"; a
    /// video short enough for a banner to keep (`AnimationBudget`) is "kept" instead.
    static func described(_ video: VideoSummary, banner: (width: Int, height: Int)) -> String {
        let kept = video.frames <= AnimationBudget.frames(width: banner.width, height: banner.height)
        return "a video: \(video.codec) \(video.width)x\(video.height) at \(format(video.framesPerSecond)) fps, "
            + "\(format(seconds(video.length))) s (\(video.frames) frames), \(kept ? "kept" : "decoded as it plays") "
            + "at the banner's \(banner.width)x\(banner.height)"
    }

    /// Why a small board may fall behind with `video`; nil when the Pi 3 keeps up.
    static func warning(_ video: VideoSummary) -> String? {
        let rate = Int((Double(video.width * video.height) * video.framesPerSecond).rounded())
        if video.codec == "H.264" {
            guard rate > hardwarePixelRate else { return nil }
            return "above 1080p30, the most a Raspberry Pi 3's hardware decoder plays (a Pi 4's plays 1080p60): "
                + "re-encode it at 1080p30 or less for a Pi 3"
        }
        guard rate > softwarePixelRate else { return nil }
        return "\(video.codec) is decoded in software on a Raspberry Pi, and a Pi 3 cannot keep up above 720p30: "
            + "re-encode it as H.264 at 1080p30 or less, which the Pi's hardware decodes"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// One decimal, without a trailing ".0" for whole numbers of frames a second.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
