import FuzzImages

/// libFuzzer's entry point: one JPEG file's bytes (EXIF orientation included), decoded to fit 16x16, which takes
/// libjpeg's DCT-scaled rows and the area average for anything over 32 px (`fuzzImage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzImage(data, size, fitting: (width: 16, height: 16))
}
