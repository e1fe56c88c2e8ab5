import Raster

/// One dumb buffer: created, registered as a framebuffer and mapped once, for the display's lifetime.
///
/// Dumb buffers are write-combined on most drivers: draw into them, never read them back.
struct DumbBuffer {
    let handle: UInt32
    let bufferID: UInt32
    let pitch: Int
    let length: Int
    let address: UnsafeMutableRawPointer
    /// The pixels drawn into: the whole buffer, or less of each row (a strip wider than its picture).
    var pixels: PixelBuffer

    /// Creates, registers and maps; undoes the earlier steps when a later one fails.
    static func create(fd: Int32, width: Int, height: Int, format: PixelFormat, path: String) throws(DisplayError)
        -> DumbBuffer
    {
        let (fourcc, bitsPerPixel) = DRMConstants.fourcc(format)
        let created = try LibDRM.createDumbBuffer(
            fd: fd, width: width, height: height, bitsPerPixel: bitsPerPixel, path: path)
        do throws(DisplayError) {
            let bufferID = try LibDRM.addFramebuffer(
                fd: fd, width: width, height: height, fourcc: fourcc, handle: created.handle, pitch: created.pitch,
                path: path)
            do throws(DisplayError) {
                let offset = try LibDRM.mapOffset(fd: fd, handle: created.handle, path: path)
                let length = Int(created.size)
                let address = try Syscalls.mapShared(fd: fd, length: length, offset: Int(offset), path: path)
                let pitch = Int(created.pitch)
                // The kernel's pitch is at least width × bytes per pixel (drm_mode_create_dumb rounds up).
                let pixels = PixelBuffer(base: address, width: width, height: height, stride: pitch, format: format)
                return DumbBuffer(
                    handle: created.handle, bufferID: bufferID, pitch: pitch, length: length, address: address,
                    pixels: pixels)
            } catch {
                LibDRM.removeFramebuffer(fd: fd, bufferID: bufferID)
                throw error
            }
        } catch {
            LibDRM.destroyDumbBuffer(fd: fd, handle: created.handle)
            throw error
        }
    }

    /// Unmaps, unregisters and frees. The buffer must no longer be on screen or in flight.
    func destroy(fd: Int32) {
        Syscalls.unmap(address, length: length)
        LibDRM.removeFramebuffer(fd: fd, bufferID: bufferID)
        LibDRM.destroyDumbBuffer(fd: fd, handle: handle)
    }
}
