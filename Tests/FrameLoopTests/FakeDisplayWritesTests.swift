import DisplaySelection
import FrameLoopTesting
import Testing

/// Issue 24: the fake display counts the bytes written into its memory by looking at the memory, so the bench
/// prints what a frame wrote rather than what it should have written.
@Suite struct FakeDisplayWritesTests {
    static let size = PixelSize(width: 64, height: 48)
    static let frameBytes = 64 * 48 * 4
    /// A strip a page wider than the screen, as `StripPanner` asks for.
    static let stripWidth = 128

    /// A display that pans, counting writes, with one strip composed (as the strip thread composes one, off
    /// screen) and its composition taken.
    static func panningDisplay(clock: ManualClock) throws -> (display: FakeDisplay, strip: Int) {
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: size)
        display.panMethod = .framebufferOffset
        display.startCountingWrites()
        let strip = try display.addStrip(width: stripWidth, height: size.height)
        #expect(display.takeWrites() == DisplayWrites(), "a new strip is black, not written")
        fill(display.stripMemory(strip).pixels.base, bytes: stripWidth * size.height * 4, with: 0xFF20_4060)
        #expect(display.takeWrites() == DisplayWrites(otherStrips: stripWidth * size.height * 4))
        return (display, strip)
    }

    /// Writes `value` into every pixel of `bytes` bytes at `base`, as a composition writes a frame.
    static func fill(_ base: UnsafeMutableRawPointer, bytes: Int, with value: UInt32) {
        for offset in stride(from: 0, to: bytes, by: 4) {
            base.storeBytes(of: value, toByteOffset: offset, as: UInt32.self)
        }
    }

    /// Composes a frame of `value` into the back buffer and presents it; returns what the display counted.
    static func composedFrame(_ display: FakeDisplay, clock: ManualClock, at time: Duration, value: UInt32) throws
        -> DisplayWrites
    {
        clock.advance(to: time)
        _ = try display.handleReadable()
        let back = try #require(display.backBuffer)
        fill(back.base, bytes: frameBytes, with: value)
        #expect(try display.present() == .queued)
        return display.takeWrites()
    }

    /// Pans to the window of `strip` at `x`; returns what the display counted in `memory`.
    static func pannedFrame(
        _ display: FakeDisplay, clock: ManualClock, at time: Duration, strip: Int, x: Int,
        memory: DisplayWrites.Memory = .all
    ) throws -> DisplayWrites {
        clock.advance(to: time)
        _ = try display.handleReadable()
        #expect(try display.presentStrip(strip, x: x, y: 0) == .queued)
        return display.takeWrites(in: memory)
    }

    @Test func aComposedFrameCountsItsBytesAndAPannedFrameNone() throws {
        let clock = ManualClock()
        let (display, strip) = try Self.panningDisplay(clock: clock)
        let composed = try Self.composedFrame(display, clock: clock, at: .milliseconds(17), value: 0xFF10_1010)
        #expect(composed == DisplayWrites(buffers: Self.frameBytes))
        for (frame, x) in [0, 9, 31, 64].enumerated() {
            let panned = try Self.pannedFrame(
                display, clock: clock, at: .milliseconds(34 + 17 * frame), strip: strip, x: x)
            #expect(panned == DisplayWrites(), "panned frame \(frame) wrote \(panned)")
        }
        // Composed again after panning: a whole frame once more.
        let back = try Self.composedFrame(display, clock: clock, at: .milliseconds(200), value: 0xFF10_1010)
        #expect(back == DisplayWrites(buffers: Self.frameBytes))
    }

    @Test func aFrameDrawnOverTheSamePictureStillCountsWhole() throws {
        // Four frames of one picture go round the three buffers, so the fourth is drawn into a buffer that held
        // it: buffers off screen are poisoned, or its bytes would go unseen.
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: Self.size)
        display.startCountingWrites()
        for frame in 0..<4 {
            let writes = try Self.composedFrame(
                display, clock: clock, at: .milliseconds(17 * (frame + 1)), value: 0xFF33_6699)
            #expect(writes == DisplayWrites(buffers: Self.frameBytes), "frame \(frame)")
        }
        #expect(display.glassPicture()[10, 10] == 0xFF33_6699)
    }

    @Test func aPixelWrittenIntoAPictureOnScreenIsCounted() throws {
        let clock = ManualClock()
        let (display, strip) = try Self.panningDisplay(clock: clock)
        _ = try Self.pannedFrame(display, clock: clock, at: .milliseconds(17), strip: strip, x: 8)
        clock.advance(to: .milliseconds(34))
        _ = try display.handleReadable()
        // One pixel of the strip on glass, changed behind the display's back: the frame path's.
        display.stripMemory(strip).pixels.base.storeBytes(of: 0xFFFF_FFFF, toByteOffset: 40, as: UInt32.self)
        #expect(display.takeWrites() == DisplayWrites(shownStrips: 4))
        // One pixel of the buffer on glass, after a composed frame.
        let buffer = try #require(display.backBuffer)
        Self.fill(buffer.base, bytes: Self.frameBytes, with: 0xFF10_1010)
        #expect(try display.present() == .queued)
        #expect(display.takeWrites() == DisplayWrites(buffers: Self.frameBytes))
        clock.advance(to: .milliseconds(51))
        _ = try display.handleReadable()
        #expect(display.glassPicture()[0, 0] == 0xFF10_1010)
        buffer.base.storeBytes(of: 0xFF10_1011, toByteOffset: 4 * 64 + 8, as: UInt32.self)
        #expect(display.takeWrites() == DisplayWrites(buffers: 4))
        #expect(display.glassPicture()[2, 1] == 0xFF10_1011)
    }

    @Test func memoryNotLookedAtIsCountedByTheNextLookThere() throws {
        let clock = ManualClock()
        let (display, strip) = try Self.panningDisplay(clock: clock)
        let other = try display.addStrip(width: Self.stripWidth, height: Self.size.height)
        _ = try Self.pannedFrame(display, clock: clock, at: .milliseconds(17), strip: strip, x: 0)
        // The other strip composed off screen while frames are panned, looking at what they show only: counted by
        // the next look at the strips off screen.
        Self.fill(display.stripMemory(other).pixels.base, bytes: 16 * 4, with: 0xFF00_00FF)
        let panned = try Self.pannedFrame(
            display, clock: clock, at: .milliseconds(34), strip: strip, x: 1, memory: [.buffers, .shownStrips])
        #expect(panned == DisplayWrites())
        #expect(display.takeWrites(in: .otherStrips) == DisplayWrites(otherStrips: 16 * 4))
        #expect(display.takeWrites() == DisplayWrites())
    }

    @Test func nothingIsCountedWhenNotCounting() throws {
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: Self.size)
        let writes = try Self.composedFrame(display, clock: clock, at: .milliseconds(17), value: 0xFF10_1010)
        #expect(writes == DisplayWrites())
    }
}
