import DisplaySelection
import Raster
import Testing

/// A strip's memory stays with whoever holds it: a composition still running when the display shuts down writes
/// into memory that is still there.
@Suite struct StripMemoryTests {
    @Test func theMemoryLivesAsLongAsACopyIsHeld() {
        weak var owner: PixelBufferStorage?
        var held: StripMemory?
        do {
            let storage = PixelBufferStorage(width: 4, height: 2, format: .xrgb8888)
            owner = storage
            held = StripMemory(pixels: storage.buffer, owner: storage)
        }
        // The display let go of its strips (its shutdown); the job's copy still holds the memory.
        #expect(owner != nil)
        var copy = held
        held = nil
        #expect(owner != nil)
        copy?.pixels.base.storeBytes(of: 0xFF20_4060, toByteOffset: 4, as: UInt32.self)
        #expect(copy?.pixels.base.load(fromByteOffset: 4, as: UInt32.self) == 0xFF20_4060)
        copy = nil
        #expect(owner == nil)
    }
}
