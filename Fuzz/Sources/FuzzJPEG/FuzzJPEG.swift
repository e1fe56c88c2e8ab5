import ImageDecoding

/// Smaller than the player's limits so that a header claiming 64 megapixels costs a refusal, not a 256 MiB
/// allocation per execution; the limit check itself is still exercised.
let decoder = ImageDecoder(limits: ImageLimits(maxSide: 4096, maxPixels: 1 << 20))

/// libFuzzer's entry point: one JPEG file's bytes, sized from the header (EXIF orientation included) and then
/// decoded to fit a small banner, which takes TurboJPEG's scaled decode for anything over 32 px.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? decoder.size(bytes: bytes)
    _ = try? decoder.decode(bytes: bytes, fitting: (width: 16, height: 16))
    return 0
}
