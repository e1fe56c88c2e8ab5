import GlyphText
import TextLayout

/// The real fonts, with fontconfig's fallback, opened once: every input is laid out and painted with them as a
/// banner's title is, so the fallback's remembered answers and faces are exercised across inputs too. libFuzzer
/// calls in on the main thread, which `MainActor.assumeIsolated` checks.
@MainActor private let fonts = try? FontSet()

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
    guard let fonts, let first = input.first else { return }
    let choice = Int(first)
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    let direction: TextDirection? = [nil, .leftToRight, .rightToLeft][choice % 3]
    let width = choice / 3 * 8
    let chain = choice & 1 == 0 ? fonts.title : fonts.body
    let line = LineLayout.layout(text, chain: chain, pixelSize: 24, maxWidth: width, direction: direction)
    precondition(line.width <= max(width, 0) || !line.isTruncated, "an ellipsised line wider than its limit")
    _ = TextPainter.mask(line, chain: chain, padding: 2)
}
