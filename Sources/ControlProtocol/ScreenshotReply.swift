/// The answer line to `screenshot`: `ok screenshot WIDTHxHEIGHT FORMAT`, sent with a memory file holding the
/// frame's rows tightly packed (width × bytes per pixel each), exactly as the scanout buffer holds them. To `capture`:
/// `ok capture WIDTHxHEIGHT xrgb8888 DIFFERING`, the file holding what the display's writeback read back, and
/// DIFFERING the number of its pixels that are not bannerd's composition of the same frame.
public struct ScreenshotReply: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `xrgb8888` or `rgb565`, as `bannerd run --format` names them.
    public let format: String
    /// For `capture`: the pixels of the read-back that differ from the composition; nil for `screenshot`.
    public let differing: Int?

    public init(width: Int, height: Int, format: String, differing: Int? = nil) {
        self.width = width
        self.height = height
        self.format = format
        self.differing = differing
    }

    /// The reply line.
    public var line: String {
        let size = "\(width)x\(height) \(format)"
        return differing.map { "ok capture \(size) \($0)" } ?? "ok screenshot \(size)"
    }

    /// Reads a reply line; nil for any other answer.
    public init?(parsing line: String) {
        let words = line.split(separator: " ")
        let differing: Int?
        switch (words.count, words.first, words.dropFirst().first) {
        case (4, "ok", "screenshot"): differing = nil
        case (5, "ok", "capture"):
            guard let count = Int(words[4]), count >= 0 else { return nil }
            differing = count
        default: return nil
        }
        let size = words[2].split(separator: "x")
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height, format: String(words[3]), differing: differing)
    }
}
