/// The answer line to `screenshot`: `ok screenshot WIDTHxHEIGHT FORMAT`, sent with a memory file holding the
/// frame's rows tightly packed (width × bytes per pixel each), exactly as the scanout buffer holds them.
public struct ScreenshotReply: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `xrgb8888` or `rgb565`, as `bannerd run --format` names them.
    public let format: String

    public init(width: Int, height: Int, format: String) {
        self.width = width
        self.height = height
        self.format = format
    }

    /// The reply line.
    public var line: String { "ok screenshot \(width)x\(height) \(format)" }

    /// Reads a reply line; nil for any other answer.
    public init?(parsing line: String) {
        let words = line.split(separator: " ")
        guard words.count == 4, words[0] == "ok", words[1] == "screenshot" else { return nil }
        let size = words[2].split(separator: "x")
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height, format: String(words[3]))
    }
}
