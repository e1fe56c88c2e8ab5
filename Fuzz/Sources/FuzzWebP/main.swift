import FuzzImages

/// libFuzzer's entry point: one WebP file's bytes (still or animated), decoded to fit 16x16, which takes libwebp's
/// scaled decode for anything over 32 px, and then, when animated, played frame by frame through libwebp's
/// animation decoder, rewound and its first frame again (`fuzzAnimation`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzAnimation(data, size)
}
