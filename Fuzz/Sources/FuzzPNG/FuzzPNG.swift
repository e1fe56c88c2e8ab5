import FuzzImages

/// libFuzzer's entry point: one PNG file's bytes (`fuzzImage`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzImage(data, size)
}
