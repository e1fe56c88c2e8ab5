/// The bytes written into a `FakeDisplay`'s memory between two looks (`FakeDisplay.takeWrites(in:)`), by where they
/// landed, as the memory shows them (the pixels that changed, 4 bytes each).
public struct DisplayWrites: Equatable, Sendable {
    /// Into the rotating buffers: a composed frame writes one whole.
    public var buffers = 0
    /// Into strips on screen or in flight at the look: no one may write those.
    public var shownStrips = 0
    /// Into strips off screen at the look: where strips are composed (by `bannerd run`'s strip thread).
    public var otherStrips = 0

    public init(buffers: Int = 0, shownStrips: Int = 0, otherStrips: Int = 0) {
        self.buffers = buffers
        self.shownStrips = shownStrips
        self.otherStrips = otherStrips
    }

    /// What the frame path wrote: into the buffers and into the strips on screen.
    public var framePath: Int { buffers + shownStrips }

    /// Which of the display's memory a look reads, named as the counts are.
    public struct Memory: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static let buffers = Memory(rawValue: 1)
        public static let shownStrips = Memory(rawValue: 2)
        public static let otherStrips = Memory(rawValue: 4)
        public static let all: Memory = [.buffers, .shownStrips, .otherStrips]
    }
}
