import BannerContent

/// libFuzzer's entry point: one banners.toml, parsed and read into banners as `ContentLoader` does (without
/// the file-system checks on image paths, which see no input bytes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Invalid UTF-8 is replaced, as ContentLoader's read does.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let path = "/fuzz/banners.toml"
    _ = ManifestReader.read(text, directory: "/fuzz", path: path)
    return 0
}
