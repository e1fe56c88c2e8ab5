import FileAccess
import SystemCalls

/// Why an image could not be read, decoded or encoded: the C call that failed, the library's message (or errno
/// text) and the file path. `description` is one line a user can act on.
public struct ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in the terms a person fixing the content thinks in.
    public enum Kind: Equatable, Sendable {
        /// The file could not be opened or read (missing, permissions, I/O).
        case unreadable
        /// The path names a directory (even if it is called `something.png`).
        case isDirectory
        /// The file has zero bytes.
        case empty
        /// The bytes are not in a format bannerd reads.
        case notAnImage
        /// The header declares more pixels than the limits allow.
        case tooLarge(width: Int, height: Int)
        /// The library rejected the data: truncated or corrupt.
        case corrupt
        /// A video in a codec bannerd does not play, or one this FFmpeg cannot decode.
        case unsupportedVideo
        /// A video with more frames than a banner plays (`VideoDecoder.maxFrames`).
        case videoTooLong
        /// FFmpeg's libraries, which play every video, are not installed (or not of the version bannerd was built
        /// with).
        case noVideoLibraries
        /// Encoding a PNG failed.
        case encodeFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// The C function (or our check) that failed: `open`, `png_image_finish_read`, `tjDecompress2`, `limits`…
    public let call: String
    /// The library's message or the errno text.
    public let message: String
    /// The file concerned, or a label such as `<memory>` for in-memory data.
    public let path: String

    /// An error of `kind` from `call` on `path`.
    public init(_ kind: Kind, call: String, message: String, path: String) {
        self.kind = kind
        self.call = call
        self.message = message
        self.path = path
    }

    /// An image error for a failed read of the file at `path`.
    init(_ file: SystemCallError, path: String) {
        let kind: Kind = file.errno == 21 ? .isDirectory : .unreadable  // 21 = EISDIR (errno.h)
        self.init(kind, call: file.call, message: file.message, path: path)
    }

    public var description: String { "\(path): \(reason)" }

    /// The description without the leading path: what is wrong and what to do, plus the call and its message.
    public var reason: String {
        let what: String
        switch kind {
        case .unreadable: what = "cannot read the file"
        case .isDirectory: what = "is a directory, not an image file"
        case .empty: what = "file is empty (0 bytes); re-copy it"
        case .notAnImage: what = "not a \(ImageFormat.names) file"
        case .tooLarge(let w, let h):
            what = "image is \(w)x\(h), larger than allowed; resize it below the limit"
        case .corrupt: what = "image data is truncated or corrupt; re-export it"
        case .unsupportedVideo: what = "video codec not played; re-encode it as H.264, HEVC, VP8, VP9 or AV1"
        case .videoTooLong: what = "video is too long for a banner; cut it into parts"
        case .noVideoLibraries: what = "cannot play videos without FFmpeg's libraries; install them"
        case .encodeFailed: what = "could not encode PNG"
        }
        let detail = message.isEmpty ? "" : " (\(call): \(message))"
        return what + detail
    }
}
