import ImageDecoding

/// Smaller than the player's limits so that a header claiming 64 megapixels costs a refusal, not a 256 MiB
/// allocation per execution; the limit check itself is still exercised.
let decoder = ImageDecoder(limits: ImageLimits(maxSide: 4096, maxPixels: 1 << 20))

/// libFuzzer's entry point: one WebP file's bytes (still or animated), sized from the header and then decoded to
/// fit a small banner, which takes libwebp's scaled decode for anything over 32 px.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? decoder.size(bytes: bytes)
    _ = try? decoder.decodeImage(bytes: bytes, fitting: (width: 16, height: 16))
    return 0
}
