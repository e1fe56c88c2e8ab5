import FuzzImages

/// libFuzzer's entry point: one GIF file's bytes (still or animated), decoded as a still to fit 16x16 and then
/// played frame by frame through giflib's record reader and the frames' disposal (`fuzzAnimation`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzAnimation(data, size)
}
