import TextLayout

/// A face with made-up metrics: each supported scalar has a fixed advance and a solid box as its image.
final class FakeFace: FontFace {
    let name: String
    /// Advance in whole pixels per scalar; scalars not listed are missing (glyph 0).
    let advances: [Unicode.Scalar: Int]
    /// Kerning in whole pixels for scalar pairs.
    let kerns: [String: Int]
    var rendered = 0

    init(name: String, advances: [Unicode.Scalar: Int], kerns: [String: Int] = [:]) {
        self.name = name
        self.advances = advances
        self.kerns = kerns
    }

    /// Glyph indices are the scalar values, so tests can read them back.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 { advances[scalar] == nil ? 0 : scalar.value }

    func kerning(_ left: UInt32, _ right: UInt32, pixelSize: Int) -> Int {
        guard let l = Unicode.Scalar(left), let r = Unicode.Scalar(right) else { return 0 }
        return (kerns[String(Character(l)) + String(Character(r))] ?? 0) * 64
    }

    func lineMetrics(pixelSize: Int) -> LineMetrics { LineMetrics(ascender: 10, descender: 3) }

    func glyph(_ index: UInt32, pixelSize: Int) -> GlyphImage? {
        rendered += 1
        let advance = index == 0 ? 8 : Unicode.Scalar(index).flatMap { advances[$0] } ?? 8
        let w = max(1, advance - 2)
        return GlyphImage(
            advance: advance * 64, left: 1, top: 10, width: w, height: 10,
            coverage: [UInt8](repeating: 255, count: w * 10))
    }

    /// Latin capitals and space at 10 px, full stop 4 px, ellipsis 12 px, "AV" kerned by −2 px.
    static func latin(ellipsis: Bool = true) -> FakeFace {
        var a: [Unicode.Scalar: Int] = [" ": 10, ".": 4]
        for s in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars { a[s] = 10 }
        if ellipsis { a["\u{2026}"] = 12 }
        return FakeFace(name: "latin", advances: a, kerns: ["AV": -2, "VA": -2])
    }

    /// Two CJK ideographs at 16 px.
    static func cjk() -> FakeFace { FakeFace(name: "cjk", advances: ["中": 16, "文": 16, "A": 9]) }
}
