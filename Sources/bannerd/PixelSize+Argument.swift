import DisplaySelection

/// `WxH` on the command line.
extension PixelSize {
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...16384).contains(width),
            (1...16384).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    /// What `--size` takes, for its error message.
    static let argumentForm = "a size WxH such as 1920x1080"
}
