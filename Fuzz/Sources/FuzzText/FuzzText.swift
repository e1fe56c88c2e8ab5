import CLeakSanitizer
import Glibc
import GlyphText
import TextLayout

/// The real fonts, with fontconfig's fallback, opened once by `LLVMFuzzerInitialize`: every input is laid out and
/// painted with them as a banner's title is, so the fallback's remembered answers and faces are exercised across
/// inputs too. libFuzzer calls in on the main thread, which `MainActor.assumeIsolated` checks.
@MainActor private var fonts: FontSet?

/// libFuzzer's one-time set-up: without every configured font the inputs would meet empty chains and shape
/// nothing, and the run would still end "ok"; so a font that does not open ends the run with its error.
@_cdecl("LLVMFuzzerInitialize")
public func loadFonts(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    MainActor.assumeIsolated {
        do throws(FreeTypeError) {
            let set = try FontSet()
            guard set.problems.isEmpty else {
                fail("configured fonts did not open: \(set.problems.map { "\($0)" }.joined(separator: "; "))")
            }
            loadFontconfig(set)
            fonts = set
        } catch {
            fail("FreeType did not start: \(error)")
        }
    }
    return 0
}

/// fontconfig holds its configuration's patterns through offsets from a base, not pointers, so LeakSanitizer
/// cannot see that the live configuration still reaches them (a C program keeping one FcInitLoadConfigAndFonts()
/// result in a global is reported as leaking 288 bytes). bannerd uses fontconfig's process-wide configuration,
/// loaded on the first character no configured font has and kept until exit: that load happens here, once, with
/// leak checking off for it alone, so whatever an input allocates (bannerd's patterns, character sets and font
/// sets included) is still checked.
@MainActor private func loadFontconfig(_ set: FontSet) {
    __lsan_disable()
    defer { __lsan_enable() }
    // U+F8FF (private use): in none of the configured fonts, so the fallback asks fontconfig.
    _ = LineLayout.layout("\u{F8FF}", chain: set.title, pixelSize: 24, maxWidth: 100, direction: nil)
    _ = LineLayout.layout("\u{F8FF}", chain: set.body, pixelSize: 24, maxWidth: 100, direction: nil)
}

private func fail(_ message: String) -> Never {
    // write(2) on descriptor 2: the C `stderr` global is not concurrency-safe in Swift 6.
    let line = Array("FuzzText: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    // _exit: LeakSanitizer's exit check would report the half-made font set as a leak, burying the line above.
    _exit(1)
}

/// libFuzzer's entry point: the first byte picks the direction and the width, the rest is the text (invalid
/// UTF-8 replaced, as banners.toml's reader does); laid out, cut with an ellipsis and painted into a mask.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated { layOut(input) }
    return 0
}

@MainActor private func layOut(_ input: [UInt8]) {
    guard let first = input.first else { return }
    guard let fonts else { fail("LLVMFuzzerInitialize did not run, so there are no fonts") }
    let choice = Int(first)
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    let direction: TextDirection? = [nil, .leftToRight, .rightToLeft][choice % 3]
    let width = choice / 3 * 8
    let chain = choice & 1 == 0 ? fonts.title : fonts.body
    let line = LineLayout.layout(text, chain: chain, pixelSize: 24, maxWidth: width, direction: direction)
    precondition(line.width <= max(width, 0) || !line.isTruncated, "an ellipsised line wider than its limit")
    _ = TextPainter.mask(line, chain: chain, padding: 2)
}
