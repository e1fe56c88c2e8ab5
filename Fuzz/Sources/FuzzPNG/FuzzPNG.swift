import ImageDecoding

/// Smaller than the player's limits so that a header claiming 64 megapixels costs a refusal, not a 256 MiB
/// allocation per execution; the limit check itself is still exercised.
let decoder = ImageDecoder(limits: ImageLimits(maxSide: 4096, maxPixels: 1 << 20))

/// libFuzzer's entry point: one PNG file's bytes, sized from the header and then decoded, as content checking
/// and pre-rendering do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? decoder.size(bytes: bytes)
    _ = try? decoder.decode(bytes: bytes)
    return 0
}
