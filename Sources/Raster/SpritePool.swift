import Synchronization

/// Pixel memory for the sprites of one video or long animation, made and dropped many times a second: a sprite that
/// goes gives its block back here, and the next sprite of the same size is written into it. A fresh banner-sized
/// block costs a page fault for every 4 KiB and the kernel's zeroing of each page (at 1080p about as much as
/// scaling the frame); a block kept here is mapped already.
///
/// Sprites give their blocks back from whichever thread drops them last, and the pre-render threads take them: each
/// slot is an atomic exchange (release when a block is put in, acquire when one is taken), so no thread waits and
/// the writes into a block come after every read of the sprite that dropped it. At most `slots` blocks are kept;
/// the pool and they go with the last sprite made from it.
public final class SpritePool: Sendable {
    /// Blocks kept: a stream's frames drawn ahead and the one shown come and go about this many at a time.
    public static let slots = 3
    /// The size of the blocks kept; a sprite of another size gets memory of its own.
    let blockBytes: Int
    // Addresses of free blocks (0: empty). Atomics cannot stand in an array: three properties.
    private let first = Atomic<UInt>(0)
    private let second = Atomic<UInt>(0)
    private let third = Atomic<UInt>(0)

    /// A pool for sprites of `logicalWidth × logicalHeight` pixels turned by `rotation`, stored in `format`.
    public init(logicalWidth: Int, logicalHeight: Int, rotation: Rotation, format: PixelFormat) {
        let size = rotation.targetSize(logicalWidth: logicalWidth, logicalHeight: logicalHeight)
        blockBytes = Sprite.layout(width: size.width, height: size.height, format: format).bytes
    }

    deinit {
        for slot in 0..<Self.slots {
            let address = exchange(slot, 0)
            if address != 0 { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() }
        }
    }

    /// Memory of `byteCount` bytes, 64-byte aligned: a block kept, or a new one.
    func take(byteCount: Int) -> UnsafeMutableRawPointer {
        if byteCount == blockBytes {
            for slot in 0..<Self.slots {
                if let block = UnsafeMutableRawPointer(bitPattern: exchange(slot, 0)) { return block }
            }
        }
        return .allocate(byteCount: byteCount, alignment: Sprite.alignment)
    }

    /// `block` (of `byteCount` bytes, from `take`) is no longer read: kept for the next sprite, or freed.
    func giveBack(_ block: UnsafeMutableRawPointer, byteCount: Int) {
        if byteCount == blockBytes {
            let address = UInt(bitPattern: block)
            for slot in 0..<Self.slots where place(slot, address) { return }
        }
        block.deallocate()
    }

    /// Takes what slot `slot` holds, leaving `value`.
    private func exchange(_ slot: Int, _ value: UInt) -> UInt {
        switch slot {
        case 0: first.exchange(value, ordering: .acquiring)
        case 1: second.exchange(value, ordering: .acquiring)
        default: third.exchange(value, ordering: .acquiring)
        }
    }

    /// Puts `address` in slot `slot` if it is empty.
    private func place(_ slot: Int, _ address: UInt) -> Bool {
        let placed: (exchanged: Bool, original: UInt)
        switch slot {
        case 0: placed = first.compareExchange(expected: 0, desired: address, ordering: .releasing)
        case 1: placed = second.compareExchange(expected: 0, desired: address, ordering: .releasing)
        default: placed = third.compareExchange(expected: 0, desired: address, ordering: .releasing)
        }
        return placed.exchanged
    }
}
