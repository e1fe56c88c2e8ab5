import BannerdConfig

/// libFuzzer's entry point: one bannerd.toml, loaded over the defaults as `bannerd run --config` loads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Invalid UTF-8 is replaced, as LocalConfigurationFiles' read does.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ConfigurationLoader(files: InputFile(text: text)).load(configPath: InputFile.path)
    return 0
}

/// The fuzz input as the only file there is.
struct InputFile: ConfigurationFiles {
    static let path = "/fuzz/bannerd.toml"
    let text: String

    func text(atPath path: String) throws(ConfigurationError) -> String? { path == Self.path ? text : nil }
}
