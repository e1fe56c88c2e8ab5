import BackgroundJobs
import Foundation
import Glibc
import Raster
import ServiceIO
import SystemCalls
import Testing

/// Screenshots taken on a background queue, as `bannerd run` takes them, against the composer run on the test's
/// own thread (scripts/test also runs this under ThreadSanitizer).
@Suite struct ScreenshotTests {
    /// A frame of two sprites, one translucent and one partly off screen, for `rotation` and `format`.
    static func frame(_ rotation: Rotation, _ format: PixelFormat) -> ComposedFrame {
        let composer = FrameComposer(rotation: rotation, format: format)
        var card = Bitmap(width: 20, height: 12, color: Color(red: 200, green: 40, blue: 90))
        card.roundCorners(radius: 4)
        let haze = Bitmap(width: 9, height: 30, color: Color(red: 10, green: 250, blue: 30, alpha: 128))
        return ComposedFrame(
            background: Color(red: 5, green: 6, blue: 7),
            placements: [
                Placement(composer.prepare(card), x: 3, y: 4), Placement(composer.prepare(haze), x: 30, y: -5),
            ],
            rotation: rotation, format: format)
    }

    @Test func composedOnTheQueueAsTheLoopPresentedIt() throws {
        let woken = DispatchSemaphore(value: 0)
        let queue = try BackgroundQueue<Screenshot>(name: "test-screenshot", wake: { woken.signal() })
        defer { queue.stop() }
        let cases: [(Rotation, PixelFormat, width: Int, height: Int)] = [
            (.none, .xrgb8888, 36, 24), (.clockwise90, .rgb565, 24, 36), (.clockwise270, .xrgb8888, 24, 36),
        ]
        for c in cases {
            let frame = Self.frame(c.0, c.1)
            queue.submit { Screenshot.take(frame, width: c.width, height: c.height, for: []) }
        }
        var shots: [Screenshot] = []
        while shots.count < cases.count {
            #expect(woken.wait(timeout: .now() + 10) == .success)
            shots += queue.collect()
        }
        for (n, c) in cases.enumerated() {
            let shot = shots[n]  // in the order taken
            #expect(shot.width == c.width && shot.height == c.height && shot.format == c.1)
            let taken = try FrameFile.read(shot.file.get(), width: c.width, height: c.height, format: c.1)
            let expected = PixelBufferStorage(width: c.width, height: c.height, format: c.1)
            let frame = Self.frame(c.0, c.1)
            FrameComposer(rotation: c.0, format: c.1).compose(
                background: frame.background, placements: frame.placements, into: expected.buffer)
            #expect(taken.buffer.snapshot() == expected.buffer.snapshot(), "\(c.0) \(c.1)")
        }
    }

    /// `ctl capture`: glass read back (here the composition itself, then with three pixels changed, as a display that
    /// blended wrongly would give) goes back whole in XRGB8888, with the pixels that are not the composition counted.
    @Test func aCaptureOfGlassIsPassedBackWithItsDifferenceFromTheComposition() throws {
        let frame = Self.frame(.none, .xrgb8888)
        let composed = PixelBufferStorage(width: 36, height: 24, format: .xrgb8888)
        FrameComposer(rotation: .none, format: .xrgb8888).compose(
            background: frame.background, placements: frame.placements, into: composed.buffer)
        var glass = composed.buffer.snapshot()
        for differing in [0, 3] {
            if differing == 3 { (glass[0, 0], glass[35, 23], glass[10, 5]) = (0xFF00_0000, 0xFFFF_FFFF, 0xFF12_3456) }
            let shot = Screenshot.take(frame, glass: glass, width: 36, height: 24, for: [])
            #expect(shot.differing == differing && shot.format == .xrgb8888)
            let taken = try FrameFile.read(shot.file.get(), width: 36, height: 24, format: .xrgb8888)
            #expect(taken.buffer.snapshot() == glass)
        }
        #expect(Screenshot.take(frame, width: 36, height: 24, for: []).differing == nil)
    }
}
