import Raster
import SystemCalls

/// One dumb buffer: created, registered as a framebuffer and mapped once, for the display's lifetime.
///
/// Dumb buffers are write-combined on most drivers: draw into them, never read them back.
struct DumbBuffer {
    let handle: UInt32
    let bufferID: UInt32
    let pitch: Int
    /// The buffer's memory, unmapped when its last holder lets go of it.
    let mapping: BufferMapping
    /// The pixels drawn into: the whole buffer, or less of each row (a strip wider than its picture).
    var pixels: PixelBuffer

    /// Creates, registers and maps; undoes the earlier steps when a later one fails. `fourcc` registers the
    /// framebuffer in another format of `format`'s layout (ARGB8888 for an XRGB8888 buffer). `spareBytes`: memory
    /// past the last row that a writer may touch (a video scaler's run-over), in whole rows the framebuffer leaves out.
    static func create(
        card: DRMCard, width: Int, height: Int, format: PixelFormat, fourcc registered: UInt32? = nil,
        spareBytes: Int = 0
    ) throws(SystemCallError) -> DumbBuffer {
        let (native, bitsPerPixel) = DRMConstants.fourcc(format)
        let fourcc = registered ?? native
        let rowBytes = width * Int(bitsPerPixel) / 8
        let spareRows = rowBytes > 0 ? (spareBytes + rowBytes - 1) / rowBytes : 0
        let created = try LibDRM.createDumbBuffer(
            card, width: width, height: height + spareRows, bitsPerPixel: bitsPerPixel)
        do throws(SystemCallError) {
            let bufferID = try LibDRM.addFramebuffer(
                card, width: width, height: height, fourcc: fourcc, handle: created.handle, pitch: created.pitch)
            do throws(SystemCallError) {
                let offset = try LibDRM.mapOffset(card, handle: created.handle)
                let length = Int(created.size)
                let address = try Syscalls.mapShared(
                    fd: card.fileDescriptor, length: length, offset: Int(offset), path: card.path)
                let pitch = Int(created.pitch)
                // The kernel's pitch is at least width × bytes per pixel (drm_mode_create_dumb rounds up).
                let pixels = PixelBuffer(base: address, width: width, height: height, stride: pitch, format: format)
                return DumbBuffer(
                    handle: created.handle, bufferID: bufferID, pitch: pitch,
                    mapping: BufferMapping(address: address, length: length), pixels: pixels)
            } catch {
                LibDRM.removeFramebuffer(card, bufferID: bufferID)
                throw error
            }
        } catch {
            LibDRM.destroyDumbBuffer(card, handle: created.handle)
            throw error
        }
    }

    /// Unregisters and frees. The buffer must no longer be on screen or in flight. Its memory stays mapped until
    /// the last holder of `mapping` lets go: the kernel keeps the buffer's pages for a mapping, and a strip being
    /// composed off the loop may still write into them.
    func destroy(on card: DRMCard) {
        LibDRM.removeFramebuffer(card, bufferID: bufferID)
        LibDRM.destroyDumbBuffer(card, handle: handle)
    }
}

/// A dumb buffer's mapping into bannerd's memory, unmapped when the last holder lets go (the display's buffer
/// list, or a `StripMemory` a strip composition holds).
final class BufferMapping {
    let address: UnsafeMutableRawPointer
    let length: Int

    init(address: UnsafeMutableRawPointer, length: Int) {
        self.address = address
        self.length = length
    }

    /// Fills the whole buffer with zero bytes (black, and no stale pixels of another process).
    func clear() {
        address.initializeMemory(as: UInt8.self, repeating: 0, count: length)
    }

    deinit {
        Syscalls.unmap(address, length: length)
    }
}
