import FrameLoopTesting

/// The bytes a storm's frames wrote into the display's memory, as the `FakeDisplay` counted them there (issue 24):
/// after each frame, the buffers and the strips on screen are looked at, and what changed there since the frame
/// before is that frame's. The strips off screen, where the strip thread composes, are looked at as strips come
/// back composed, before one can be shown.
struct ScanoutWrites {
    /// How a frame reached the display.
    enum Path {
        case panning
        case composing
        case neither
    }

    let display: FakeDisplay
    /// Bytes written by panned frames, by composed frames, by frames that showed nothing new, and into strips off
    /// screen (off the frame path).
    private(set) var panned = 0
    private(set) var composed = 0
    private(set) var neither = 0
    private(set) var offFramePath = 0

    init(display: FakeDisplay) {
        self.display = display
        display.startCountingWrites()
    }

    /// All frames' bytes.
    var framePath: Int { panned + composed + neither }

    /// Strips came back composed: one may be shown in the next frame.
    mutating func stripsComposed() {
        offFramePath += display.takeWrites(in: .otherStrips).otherStrips
    }

    /// A frame was shown (or not) by `path`.
    mutating func frameShown(by path: Path) {
        let bytes = display.takeWrites(in: [.buffers, .shownStrips]).framePath
        switch path {
        case .panning: panned += bytes
        case .composing: composed += bytes
        case .neither: neither += bytes
        }
    }

    /// The storm is over: the last look, and the display's copies of its memory freed (they are not bannerd's).
    mutating func finish() {
        let writes = display.takeWrites()
        neither += writes.framePath
        offFramePath += writes.otherStrips
        display.stopCountingWrites()
    }
}
