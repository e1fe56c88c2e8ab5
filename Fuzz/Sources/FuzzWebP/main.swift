import FuzzImages

/// libFuzzer's entry point: one WebP file's bytes (still or animated), decoded to fit 16x16, which takes libwebp's
/// scaled decode for anything over 32 px (`fuzzImage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzImage(data, size, fitting: (width: 16, height: 16))
}
