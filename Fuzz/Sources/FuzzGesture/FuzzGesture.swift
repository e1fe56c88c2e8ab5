import CarouselTrace

/// libFuzzer's entry point: one gesture script, parsed as `bannerd trace --gesture` parses its file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGesture(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // The trace command refuses a file that is not UTF-8 before parsing, so such inputs stop here too.
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else {
        return 0
    }
    _ = try? GestureScript(parsing: text, file: "fuzz.gesture")
    return 0
}
