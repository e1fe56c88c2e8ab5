/// The file formats bannerd decodes, told apart by their first bytes (never by file name).
public enum ImageFormat: Equatable, Sendable {
    /// The formats as a person choosing a file knows them, for the lines that say what bannerd shows.
    public static let names = "PNG, JPEG, WebP, GIF, MP4, WebM or MKV"

    case png
    case jpeg
    case webp
    case gif
    /// MP4/QuickTime (an `ftyp` box first) or Matroska/WebM (the EBML magic), played through FFmpeg (`VideoDecoder`).
    case video

    /// The format whose signature `bytes` start with, or nil.
    public init?(sniffing bytes: [UInt8]) {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= png.count && Array(bytes[0..<png.count]) == png {
            self = .png
        } else if bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF {
            self = .jpeg
        } else if bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8)
            && bytes[8..<12].elementsEqual("WEBP".utf8)
        {
            self = .webp
        } else if bytes.count >= 6
            && (bytes[0..<6].elementsEqual("GIF89a".utf8) || bytes[0..<6].elementsEqual("GIF87a".utf8))
        {
            self = .gif
        } else if bytes.count >= 8 && bytes[4..<8].elementsEqual("ftyp".utf8)
            || bytes.count >= 4 && bytes[0..<4].elementsEqual([0x1A, 0x45, 0xDF, 0xA3])
        {
            self = .video
        } else {
            return nil
        }
    }
}
