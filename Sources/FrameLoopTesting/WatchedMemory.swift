import Glibc
import Raster

/// One block of a `FakeDisplay`'s memory (a buffer or a strip), and what it held when it was last looked at: the
/// pixels that differ from that were written since. A pixel rewritten with the value it held leaves no trace, so
/// memory that holds no picture (a buffer off screen) is filled with `poison`, and a frame drawn into it counts
/// whole: only a pixel drawn in exactly the poison's value would go unseen.
final class WatchedMemory {
    /// The value poisoned pixels hold: its X byte, 0x5A, is one no composed pixel has (frames are opaque: 0xFF).
    static let poison: UInt32 = 0x5AC3_3CA5
    /// Memory is compared with `memcmp` this many bytes at a time; only a block that differs is counted pixel by
    /// pixel.
    private static let block = 4096

    private let pixels: UnsafeMutableRawPointer
    private let byteCount: Int
    /// The picture the memory held at the last look; stale while `poisoned`.
    private let copy: UnsafeMutableRawPointer
    /// Whether the memory holds the poison, but where written since.
    private var poisoned = false
    /// One block of poison, to compare poisoned memory with, and one block read from the memory, to count and copy
    /// the same pixels even while another thread writes them (a strip being composed).
    private let poisonBlock: UnsafeMutableRawPointer
    private let scratch: UnsafeMutableRawPointer

    /// Watches `buffer`'s memory (rows tightly packed, 4 bytes a pixel), as it is now.
    init(_ buffer: PixelBuffer) {
        // invariant: FakeDisplay's memory is XRGB8888 storage without padding
        precondition(buffer.format == .xrgb8888 && buffer.stride == buffer.width * 4)
        pixels = buffer.base
        byteCount = buffer.stride * buffer.height
        copy = .allocate(byteCount: max(byteCount, 1), alignment: 64)
        copy.copyMemory(from: pixels, byteCount: byteCount)
        poisonBlock = .allocate(byteCount: Self.block, alignment: 64)
        poisonBlock.initializeMemory(as: UInt32.self, repeating: Self.poison, count: Self.block / 4)
        scratch = .allocate(byteCount: Self.block, alignment: 64)
    }

    deinit {
        copy.deallocate()
        poisonBlock.deallocate()
        scratch.deallocate()
    }

    /// The bytes of the pixels written since the last call (or since watching began).
    func takeBytesWritten() -> Int {
        if poisoned { return takePoisonWritten() }
        var written = 0
        for start in stride(from: 0, to: byteCount, by: Self.block) {
            let count = min(Self.block, byteCount - start)
            guard memcmp(pixels + start, copy + start, count) != 0 else { continue }
            scratch.copyMemory(from: pixels + start, byteCount: count)
            written += Self.differingBytes(scratch, copy + start, count: count)
            (copy + start).copyMemory(from: scratch, byteCount: count)
        }
        return written
    }

    /// Fills the memory with `poison`, unless it holds nothing but poison already. Only for memory no one shows:
    /// its picture is lost.
    func poison() {
        guard !poisoned else { return }
        pixels.initializeMemory(as: UInt32.self, repeating: Self.poison, count: byteCount / 4)
        poisoned = true
    }

    /// `takeBytesWritten` for poisoned memory: the pixels that are not poison. Once one is, the memory holds a
    /// picture (a frame drawn into it), compared with a copy of it from then on: the copy is made in the same pass.
    private func takePoisonWritten() -> Int {
        var written = 0
        var copying = false
        for start in stride(from: 0, to: byteCount, by: Self.block) {
            let count = min(Self.block, byteCount - start)
            let drawn = memcmp(pixels + start, poisonBlock, count) != 0
            if drawn && !copying {
                // The first block drawn into: the ones before it hold the poison, and so will their copy.
                copy.initializeMemory(as: UInt32.self, repeating: Self.poison, count: start / 4)
                copying = true
            }
            guard copying else { continue }
            (copy + start).copyMemory(from: pixels + start, byteCount: count)
            if drawn { written += Self.differingBytes(copy + start, poisonBlock, count: count) }
        }
        if copying { poisoned = false }
        return written
    }

    /// The bytes of the pixels in `count` bytes at `a` that differ from those at `b`.
    private static func differingBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Int {
        let vectorBytes = MemoryLayout<SIMD8<UInt32>>.size
        let vectored = count / vectorBytes * vectorBytes
        var differing = SIMD8<UInt32>()
        for offset in stride(from: 0, to: vectored, by: vectorBytes) {
            let x = a.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            let y = b.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            differing &+= SIMD8(repeating: 1).replacing(with: 0, where: x .== y)
        }
        var pixels = Int(differing.wrappedSum())
        for offset in stride(from: vectored, to: count, by: 4)
        where a.load(fromByteOffset: offset, as: UInt32.self) != b.load(fromByteOffset: offset, as: UInt32.self) {
            pixels += 1
        }
        return pixels * 4
    }
}
