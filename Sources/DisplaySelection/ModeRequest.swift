/// A configured mode, `WxH` or `WxH@Hz` (as in the kernel's `video=` option and weston.ini).
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    /// Requested width in pixels.
    public var width: Int
    /// Requested height in pixels.
    public var height: Int
    /// The requested refresh in Hz, nil for "any".
    public var refreshHertz: Double?

    /// A request for a size and, optionally, a refresh.
    public init(width: Int, height: Int, refreshHertz: Double? = nil) {
        self.width = width
        self.height = height
        self.refreshHertz = refreshHertz
    }

    /// Parses `1920x1080`, `800x480@60` or `1920x1080@59.94`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else {
            return nil
        }
        self.width = width
        self.height = height
        if parts.count == 2 {
            guard let hertz = Double(parts[1]), hertz > 0, hertz.isFinite else { return nil }
            refreshHertz = hertz
        } else {
            refreshHertz = nil
        }
    }

    /// Whether `mode` is this size and, when a refresh was asked for, within half a hertz of it (59.94 vs 60).
    public func matches(_ mode: ModeInfo) -> Bool {
        guard mode.width == width, mode.height == height else { return false }
        guard let refreshHertz else { return true }
        let hertz = mode.refreshMillihertz.map { Double($0) / 1000 } ?? Double(mode.vrefresh)
        return abs(hertz - refreshHertz) < 0.5
    }

    /// `WxH` or `WxH@Hz`.
    public var description: String {
        guard let refreshHertz else { return "\(width)x\(height)" }
        return "\(width)x\(height)@\(refreshHertz)"
    }
}
