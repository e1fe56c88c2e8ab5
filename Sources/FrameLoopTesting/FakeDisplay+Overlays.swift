import DisplaySelection
import Raster

/// Memory a `FakeDisplay`'s overlay plane shows: owned memory, so that tests may read it back.
// Sendable as `PlaneBuffer` is: fixed after init, its pixels written by one holder at a time (ThreadSanitizer:
// VideoOnPlanesWorkerTests in scripts/test, the pre-render threads decoding into it and the loop flipping it).
public final class FakePlaneMemory: PlaneMemory, @unchecked Sendable {
    private let storage: PixelBufferStorage
    /// Blended by its premultiplied alpha (ARGB8888) rather than shown opaque (XRGB8888).
    public let alpha: Bool
    public let pixels: PixelBuffer

    init(width: Int, height: Int, alpha: Bool, spareBytes: Int) {
        let rowBytes = max(1, width * PixelFormat.xrgb8888.bytesPerPixel)
        storage = PixelBufferStorage(
            width: width, height: height + (spareBytes + rowBytes - 1) / rowBytes, format: .xrgb8888)
        self.alpha = alpha
        pixels = PixelBuffer(
            base: storage.buffer.base, width: width, height: height, stride: storage.buffer.stride, format: .xrgb8888)
    }
}

extension FakeDisplay: OverlayScanout {
    public func makePlaneMemory(width: Int, height: Int, alpha: Bool, spareBytes: Int) throws -> any PlaneMemory {
        FakePlaneMemory(width: width, height: height, alpha: alpha, spareBytes: spareBytes)
    }

    public func presentOverlays() throws -> PresentOutcome {
        advanceKernel()
        guard isConnected else { throw FakeDisplayError.disconnected }
        guard !tracker.isFlipPending else { return .busy }
        guard overlays.contains(where: { $0.buffer != nil }) || !glassOverlays.isEmpty else { return .shown }
        try checkOverlays()
        return flip(to: windowQueued.buffer, x: windowQueued.x, y: windowQueued.y)
    }

    /// Throws when the driver refuses a commit with the overlays asked for (`refusesOverlays`).
    func checkOverlays() throws {
        if refusesOverlays, overlays.contains(where: { $0.buffer != nil }) { throw FakeDisplayError.overlaysRefused }
    }

    /// The overlay sets held: on glass, in flight, or possibly still on glass after a lost flip (`DRMDisplay`'s
    /// `overlaySetsHeld`).
    public var overlaySetsHeld: Int { overlaySets.count }

    /// `overlay` laid over `picture` as vkms 6.1 blends planes, a model of the display hardware written apart from
    /// bannerd's composer: an opaque plane replaces what is under it; one with alpha is premultiplied source-over in
    /// 16-bit channels (each 8-bit value times 257, the sum divided with rounding up), brought back to 8 bits rounded
    /// to the nearest. Clipped at the picture's edges, as the driver clips a plane at the CRTC's.
    static func blend(_ overlay: OverlayShowing, over picture: inout Bitmap) {
        guard let memory = overlay.buffer as? FakePlaneMemory else { return }
        let (source, destination) = (overlay.source, overlay.destination)
        for row in 0..<min(source.height, destination.height) {
            let y = destination.y + row
            guard y >= 0, y < picture.height else { continue }
            let pixels = memory.pixels
            let line = (pixels.base + (source.y + row) * pixels.stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<min(source.width, destination.width) {
                let x = destination.x + column
                guard x >= 0, x < picture.width else { continue }
                let pixel = line[source.x + column]
                picture[x, y] = memory.alpha ? over(pixel, picture[x, y]) : pixel | 0xFF00_0000
            }
        }
    }

    private static func over(_ top: UInt32, _ under: UInt32) -> UInt32 {
        let alpha = UInt64(top >> 24) * 257
        var out: UInt32 = 0xFF00_0000
        for shift: UInt32 in [16, 8, 0] {
            let source = UInt64((top >> shift) & 0xFF) * 257
            let destination = UInt64((under >> shift) & 0xFF) * 257
            let blended = (source * 0xFFFF + destination * (0xFFFF - alpha) + 0xFFFE) / 0xFFFF
            out |= UInt32((blended + 128) / 257) << shift
        }
        return out
    }
}

extension Bitmap {
    /// The picture with every pixel opaque, as `FakeDisplay.glassPicture()` gives what is on glass.
    public var opaque: Bitmap {
        var out = self
        for y in 0..<height { for x in 0..<width { out[x, y] |= 0xFF00_0000 } }
        return out
    }
}
