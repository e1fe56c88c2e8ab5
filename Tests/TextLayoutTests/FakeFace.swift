import TextLayout

/// A face with made-up metrics: each supported scalar has a fixed advance and a solid box as its image; shaping
/// maps each scalar to one glyph (its value), applies pair kerning, and reverses right-to-left runs, as a shaper
/// without ligatures would.
final class FakeFace: FontFace {
    let name: String
    /// Advance in whole pixels per scalar; scalars not listed are missing (glyph 0).
    let advances: [Unicode.Scalar: Int]
    /// Kerning in whole pixels for scalar pairs.
    let kerns: [String: Int]
    var rendered = 0
    var hasColour = false
    var hasSubstitutions = true

    init(name: String, advances: [Unicode.Scalar: Int], kerns: [String: Int] = [:]) {
        self.name = name
        self.advances = advances
        self.kerns = kerns
    }

    /// Glyph indices are the scalar values, so tests can read them back.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 { advances[scalar] == nil ? 0 : scalar.value }

    func shape(
        _ text: [Unicode.Scalar], run: Range<Int>, direction: TextDirection, script: ScriptTag, pixelSize: Int
    ) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        for i in run where !text[i].properties.isDefaultIgnorableCodePoint || advances[text[i]] != nil {
            let s = text[i]
            var advance = (advances[s] ?? 8) * 64
            if i + 1 < run.upperBound, let kern = kerns[String(Character(s)) + String(Character(text[i + 1]))] {
                advance += kern * 64
            }
            glyphs.append(ShapedGlyph(glyph: glyphIndex(for: s), cluster: i, advance: advance))
        }
        return direction == .leftToRight ? glyphs : glyphs.reversed()
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
        var a: [Unicode.Scalar: Int] = [" ": 10, ".": 4, "1": 10, "2": 10, "\u{301}": 10]
        for s in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars { a[s] = 10 }
        if ellipsis { a["\u{2026}"] = 12 }
        return FakeFace(name: "latin", advances: a, kerns: ["AV": -2, "VA": -2])
    }

    /// Two CJK ideographs at 16 px.
    static func cjk() -> FakeFace { FakeFace(name: "cjk", advances: ["中": 16, "文": 16, "A": 9]) }

    /// Hebrew letters at 10 px.
    static func hebrew() -> FakeFace {
        var a: [Unicode.Scalar: Int] = [:]
        for v in 0x05D0...0x05EA { a[Unicode.Scalar(UInt32(v))!] = 10 }
        return FakeFace(name: "hebrew", advances: a)
    }
}

/// Bidi levels by a rule of thumb good for the tests' strings: Hebrew letters are right to left, Latin letters
/// and digits left to right, everything else takes the paragraph's direction; the paragraph's direction is the
/// first letter's. Scripts: Latin, Hebrew, Han, else common.
final class FakeAnalyzer: TextAnalyzer {
    static func isHebrew(_ s: Unicode.Scalar) -> Bool { (0x0590...0x05FF).contains(s.value) }
    static func isLatin(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) || ("0"..."9").contains(s) }

    func bidi(_ scalars: [Unicode.Scalar], direction: TextDirection?) -> BidiParagraph {
        let first = scalars.first { Self.isHebrew($0) || Self.isLatin($0) }
        let paragraph = direction ?? (first.map(Self.isHebrew) == true ? .rightToLeft : .leftToRight)
        let levels: [UInt8] = scalars.map { s in
            if Self.isHebrew(s) { return 1 }
            if Self.isLatin(s) { return paragraph == .rightToLeft ? 2 : 0 }
            return paragraph.level
        }
        return BidiParagraph(direction: paragraph, levels: levels)
    }

    func script(of scalar: Unicode.Scalar) -> ScriptTag {
        if Self.isHebrew(scalar) { return ScriptTag("Hebr") }
        if ("A"..."Z").contains(scalar) { return ScriptTag("Latn") }
        if scalar == "中" || scalar == "文" { return ScriptTag("Hani") }
        if scalar == "\u{301}" { return .inherited }
        return .common
    }
}

extension FontChain {
    /// A chain over fakes with the fake analyzer.
    convenience init(fakes: [FakeFace], cache: GlyphCache = GlyphCache()) {
        self.init(faces: fakes, analyzer: FakeAnalyzer(), cache: cache)
    }
}

/// Installed fonts as a fake: `face` for whatever it has, and problems handed out once.
final class FakeFallback: FontFallback {
    let installed: FakeFace
    var problems: [String]
    private(set) var asked = 0

    init(_ installed: FakeFace, problems: [String] = []) {
        self.installed = installed
        self.problems = problems
    }

    func face(covering scalars: [Unicode.Scalar]) -> (any FontFace)? {
        asked += 1
        return scalars.allSatisfy { installed.glyphIndex(for: $0) != 0 } ? installed : nil
    }

    func takeProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }
}
