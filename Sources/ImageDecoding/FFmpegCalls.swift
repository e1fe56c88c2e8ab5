import CFFmpeg

/// FFmpeg's calls, from its libraries opened when the first video is (`ffmpeg_calls.h` says why), once a process. A
/// system without them plays no video and says so at each one, naming the library it lacks; pictures play as ever.
enum FFmpegCalls {
    private static let opened: Result<bannerd_ffmpeg, ImageError> = {
        var text = [CChar](repeating: 0, count: 512)
        guard let calls = bannerd_ffmpeg_open(&text, text.count) else {
            let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return .failure(
                ImageError(.noVideoLibraries, call: "dlopen", message: String(decoding: bytes, as: UTF8.self), path: "")
            )
        }
        return .success(calls.pointee)
    }()

    /// The calls, or why the video at `path` cannot play.
    static func forVideo(at path: String) throws(ImageError) -> bannerd_ffmpeg {
        switch opened {
        case .success(let calls): return calls
        case .failure(let error):
            throw ImageError(error.kind, call: error.call, message: error.message, path: path)
        }
    }
}
