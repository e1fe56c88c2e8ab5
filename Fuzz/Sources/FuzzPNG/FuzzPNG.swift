import FuzzImages

/// libFuzzer's entry point: one PNG file's bytes (`fuzzImage`), decoded whole by the simplified API and then to fit
/// 16x16, which takes the row-by-row area average (and its setjmp shim) for anything over 32 px.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = fuzzImage(data, size)
    return fuzzImage(data, size, fitting: (width: 16, height: 16))
}
