import DisplaySelection
import FrameLoopTesting
import Raster
import Testing

/// Issue 45: the fake display's overlay planes, which the loop's tests of the plane path run on. They go to glass
/// with a flip, as `DRMDisplay`'s do; an overlay-only flip writes nothing into the primary plane's memory; their
/// memory is held while it may be on glass; and a layer over a picture is blended as vkms blends it, which is what
/// bannerd's composer lays a banner's layer over its picture with (`kmscheck --blend` showed it on vkms itself).
@Suite struct FakeDisplayOverlayTests {
    static let size = PixelSize(width: 64, height: 48)

    /// A display with a grey frame on glass, counting writes.
    static func display(clock: ManualClock) throws -> FakeDisplay {
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: size)
        let back = try #require(display.backBuffer)
        FakeDisplayWritesTests.fill(back.base, bytes: size.width * size.height * 4, with: 0xFF80_8080)
        #expect(try display.present() == .queued)
        try complete(display, clock: clock)
        display.startCountingWrites()
        return display
    }

    static func complete(_ display: FakeDisplay, clock: ManualClock) throws {
        clock.advance(to: clock.now + .milliseconds(17))
        _ = try display.handleReadable()
    }

    /// Plane memory of `width × height` filled with `value`.
    static func memory(_ display: FakeDisplay, width: Int, height: Int, alpha: Bool, value: UInt32) throws
        -> any PlaneMemory
    {
        let memory = try display.makePlaneMemory(width: width, height: height, alpha: alpha, spareBytes: 0)
        FakeDisplayWritesTests.fill(memory.pixels.base, bytes: width * height * 4, with: value)
        return memory
    }

    @Test func anOverlayOnlyFlipShowsTheOverlayAndWritesNoPixelOfThePrimaryPlane() throws {
        let clock = ManualClock()
        let display = try Self.display(clock: clock)
        let picture = try Self.memory(display, width: 20, height: 10, alpha: false, value: 0xFF00_FF00)
        // Past the right edge: the plane is clipped there, as the driver clips it at the CRTC's edge.
        display.overlays = [
            OverlayShowing(
                planeID: 40, buffer: picture, source: PixelRect(x: 0, y: 0, width: 20, height: 10),
                destination: PixelRect(x: 54, y: 5, width: 20, height: 10))
        ]
        #expect(try display.presentOverlays() == .queued)
        #expect(try display.presentOverlays() == .busy, "one flip at a time")
        try Self.complete(display, clock: clock)
        #expect(display.takeWrites(in: .buffers) == DisplayWrites())
        let glass = display.glassPicture()
        #expect(glass[54, 5] == 0xFF00_FF00)
        #expect(glass[63, 14] == 0xFF00_FF00)
        #expect(glass[53, 5] == 0xFF80_8080)
        #expect(glass[54, 15] == 0xFF80_8080)
        // Switched off: the primary plane's frame again, still without a write.
        display.overlays = []
        #expect(try display.presentOverlays() == .queued)
        try Self.complete(display, clock: clock)
        #expect(display.glassPicture()[54, 5] == 0xFF80_8080)
        #expect(try display.presentOverlays() == .shown, "nothing on, nothing asked: no flip")
        #expect(display.takeWrites(in: .buffers) == DisplayWrites())
    }

    @Test func overlaysGoToGlassWithTheFrameTheyWereSetFor() throws {
        let clock = ManualClock()
        let display = try Self.display(clock: clock)
        display.overlays = [
            OverlayShowing(
                planeID: 40, buffer: try Self.memory(display, width: 4, height: 4, alpha: false, value: 0xFFFF_0000),
                source: PixelRect(x: 0, y: 0, width: 4, height: 4),
                destination: PixelRect(x: 0, y: 0, width: 4, height: 4))
        ]
        #expect(display.glassPicture()[0, 0] == 0xFF80_8080, "not before a flip")
        let back = try #require(display.backBuffer)
        FakeDisplayWritesTests.fill(back.base, bytes: Self.size.width * Self.size.height * 4, with: 0xFF00_0040)
        #expect(try display.present() == .queued)
        #expect(display.glassPicture()[0, 0] == 0xFF80_8080, "nor before it completes")
        try Self.complete(display, clock: clock)
        #expect(display.glassPicture()[0, 0] == 0xFFFF_0000)
        #expect(display.glassPicture()[4, 4] == 0xFF00_0040)
    }

    @Test func aPlanesMemoryIsHeldUntilTheFlipThatReplacesItHasCompleted() throws {
        let clock = ManualClock()
        let display = try Self.display(clock: clock)
        weak var first: (any PlaneMemory)?
        let rect = PixelRect(x: 0, y: 0, width: 8, height: 8)
        do {
            let memory = try Self.memory(display, width: 8, height: 8, alpha: false, value: 0xFF11_1111)
            first = memory
            display.overlays = [OverlayShowing(planeID: 40, buffer: memory, source: rect, destination: rect)]
            #expect(try display.presentOverlays() == .queued)
            try Self.complete(display, clock: clock)
        }
        for frame in 1...5 {
            let next = try Self.memory(display, width: 8, height: 8, alpha: false, value: 0xFF00_0000 | UInt32(frame))
            display.overlays = [OverlayShowing(planeID: 40, buffer: next, source: rect, destination: rect)]
            #expect(try display.presentOverlays() == .queued)
            #expect(first != nil || frame > 1, "on glass while the next flip is in flight")
            try Self.complete(display, clock: clock)
            #expect(display.overlaySetsHeld == 1)
            #expect(first == nil)
        }
    }

    /// Every alpha over every tenth grey level, and a few colours: the fake's blend (vkms's arithmetic) gives what
    /// bannerd's composer gives for the same layer over the same picture, exactly.
    @Test func aLayerOverAPictureBlendsAsTheComposerLaysIt() throws {
        let clock = ManualClock()
        let size = PixelSize(width: 256, height: 32)
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: size)
        var picture = Bitmap(width: size.width, height: size.height)
        var layer = Bitmap(width: size.width, height: size.height)
        let greys = Array(stride(from: 0, through: 255, by: 10)) + [255]
        for y in 0..<size.height {
            for alpha in 0..<256 {
                let under = UInt32(greys[y % greys.count])
                picture[alpha, y] = 0xFF00_0000 | under << 16 | (255 - under) << 8 | UInt32(y * 8)
                // Premultiplied: no channel above the alpha.
                let top = UInt32(alpha) * UInt32(greys[(y + 7) % greys.count]) / 255
                layer[alpha, y] = UInt32(alpha) << 24 | top << 16 | (UInt32(alpha) - top / 2) << 8 | top / 3
            }
        }
        let back = try #require(display.backBuffer)
        for y in 0..<size.height {
            for x in 0..<size.width {
                back.base.storeBytes(
                    of: picture[x, y], toByteOffset: y * back.stride + x * 4, as: UInt32.self)
            }
        }
        let memory = try display.makePlaneMemory(
            width: size.width, height: size.height, alpha: true, spareBytes: 0)
        for y in 0..<size.height {
            for x in 0..<size.width {
                memory.pixels.base.storeBytes(
                    of: layer[x, y], toByteOffset: y * memory.pixels.stride + x * 4, as: UInt32.self)
            }
        }
        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        display.overlays = [OverlayShowing(planeID: 47, buffer: memory, source: whole, destination: whole)]
        #expect(try display.present() == .queued)
        try Self.complete(display, clock: clock)
        var composed = picture
        composed.draw(layer, x: 0, y: 0)
        let glass = display.glassPicture()
        var differing = 0
        for y in 0..<size.height {
            for x in 0..<size.width where glass[x, y] != composed[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }
}
