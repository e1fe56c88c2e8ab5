import Foundation
import Testing
import TextLayout

@testable import GlyphText

/// bannerd's shaping against HarfBuzz's own command-line shaper (`hb-shape`, Debian's libharfbuzz-bin): for each
/// run bannerd makes of a line (one face, direction and script), `hb-shape` is given the same font file, size,
/// direction, script, paragraph edges and surrounding text, and must print the same glyphs, clusters, advances
/// and offsets. The itemisation (runs, bidi levels) is bannerd's own and checked by the expectations per case.
@Suite struct HarfBuzzReferenceTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let dejavu = "/usr/share/fonts/truetype/dejavu/"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var fonts: [String]
        var direction: TextDirection
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Latin, kerning and ligatures", text: "AVATAR office fit Wy",
            fonts: [noto + "NotoSans-Regular.ttf"], direction: .leftToRight),
        Case(
            name: "Cyrillic", text: "Привет, мир! Скидка 50%", fonts: [dejavu + "DejaVuSans-Bold.ttf"],
            direction: .leftToRight),
        Case(
            name: "Greek with tonos", text: "Καλημέρα κόσμε", fonts: [noto + "NotoSans-Regular.ttf"],
            direction: .leftToRight),
        Case(
            name: "Arabic joining", text: "مرحبا بكم في متجرنا",
            fonts: [noto + "NotoSans-Regular.ttf", noto + "NotoSansArabic-Regular.ttf"], direction: .rightToLeft),
        Case(
            name: "Hebrew with points", text: "שָׁלוֹם עוֹלָם", fonts: [noto + "NotoSansHebrew-Regular.ttf"],
            direction: .rightToLeft),
        Case(
            name: "Devanagari conjuncts and reordering", text: "नमस्ते दुनिया, हिन्दी",
            fonts: [dejavu + "DejaVuSans.ttf", noto + "NotoSansDevanagari-Regular.ttf"], direction: .leftToRight),
        Case(
            name: "Bengali", text: "স্বাগতম কিশোর", fonts: [noto + "NotoSansBengali-Regular.ttf"],
            direction: .leftToRight),
        Case(
            name: "Thai marks", text: "สวัสดีครับ ที่นี่", fonts: [noto + "NotoSansThai-Regular.ttf"],
            direction: .leftToRight),
        Case(
            name: "CJK", text: "欢迎光临，今日特价", fonts: ["/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"],
            direction: .leftToRight),
        Case(
            name: "Emoji sequences", text: "👨‍👩‍👧 ☕ 👍🏽 🇫🇷",
            fonts: [noto + "NotoColorEmoji.ttf"], direction: .leftToRight),
        Case(
            name: "Arabic with digits and Latin", text: "سعر 120 ريال SALE 50%",
            fonts: [noto + "NotoSans-Bold.ttf", noto + "NotoSansArabic-Bold.ttf"], direction: .rightToLeft),
        Case(
            name: "Hebrew with a Latin brand", text: "מבצע iPhone 15 היום",
            fonts: [noto + "NotoSans-Regular.ttf", noto + "NotoSansHebrew-Regular.ttf"], direction: .rightToLeft),
    ]

    static let pixelSize = 32

    @Test(arguments: cases)
    func runsShapeAsHBShapeShapesThem(_ c: Case) throws {
        let fonts = try FontSet(paths: FontPaths(title: c.fonts, body: c.fonts))
        #expect(fonts.problems.isEmpty)
        let paragraph = ShapedParagraph(c.text, chain: fonts.title, pixelSize: Self.pixelSize)
        #expect(paragraph.direction == c.direction)
        #expect(!paragraph.runs.isEmpty)
        for run in paragraph.runs {
            let face = fonts.title.faces[run.face]
            let reference = try Self.hbShape(paragraph.scalars, run: run, font: face.name)
            #expect(run.glyphs == reference, "\(c.name): run \(run.range) \(run.script) \(run.direction)")
            // No box: every glyph is a real one.
            #expect(run.glyphs.allSatisfy { $0.glyph != 0 }, "\(c.name): run \(run.range)")
        }
    }

    @Test func arabicLettersTakeJoiningFormsAndRunRightToLeft() throws {
        let c = Self.cases[3]
        let fonts = try FontSet(paths: FontPaths(title: c.fonts, body: c.fonts))
        let paragraph = ShapedParagraph(c.text, chain: fonts.title, pixelSize: Self.pixelSize)
        // One run in the Arabic face, spaces included; its first glyph seen is the last letter.
        let run = try #require(paragraph.runs.first)
        #expect(paragraph.runs.count == 1 && run.face == 1 && run.level == 1)
        let glyphs = run.glyphs
        #expect(glyphs.first?.cluster == paragraph.scalars.count - 1 && glyphs.last?.cluster == 0)
        // Joined forms are not the letters' isolated (cmap) glyphs.
        let face = fonts.title.faces[1]
        let nominal = Set(paragraph.scalars.map { face.glyphIndex(for: $0) })
        #expect(glyphs.filter { !nominal.contains($0.glyph) }.count > 10)
    }

    @Test func numbersAndLatinInsideArabicKeepTheirOrder() throws {
        let c = Self.cases[10]
        let fonts = try FontSet(paths: FontPaths(title: c.fonts, body: c.fonts))
        let paragraph = ShapedParagraph(c.text, chain: fonts.title, pixelSize: Self.pixelSize)
        #expect(paragraph.direction == .rightToLeft)
        // Seen left to right: "SALE 50%", "ريال", "120", "سعر". The number after the Latin word belongs with it
        // (rule W7) and reads left to right with it, the price reads left to right between Arabic words, and the
        // Arabic words right to left.
        let seen = BidiReorder.visualOrder(levels: paragraph.runs.map(\.level)).map { i in
            String(String.UnicodeScalarView(paragraph.scalars[paragraph.runs[i].range]))
                .trimmingCharacters(in: .whitespaces)
        }
        #expect(seen.filter { !$0.isEmpty } == ["SALE 50%", "ريال", "120", "سعر"])
        #expect(paragraph.runs.filter { $0.level == 2 }.count == 2)
    }

    @Test func devanagariReordersTheShortIVowelBeforeItsConsonant() throws {
        let fonts = try FontSet(paths: FontPaths(title: [Self.noto + "NotoSansDevanagari-Regular.ttf"], body: []))
        // हि: the vowel sign i (U+093F) is written after ह but drawn before it.
        let paragraph = ShapedParagraph("हि", chain: fonts.title, pixelSize: Self.pixelSize)
        let glyphs = paragraph.runs.flatMap(\.glyphs)
        let face = fonts.title.faces[0]
        #expect(glyphs.count == 2 && glyphs[0].glyph != face.glyphIndex(for: "ह"))
        #expect(glyphs.map(\.cluster) == [0, 0])
    }

    /// `hb-shape`'s glyphs for `run` of `scalars`, with the text around the run as context.
    static func hbShape(_ scalars: [Unicode.Scalar], run: TextRun, font: String) throws -> [ShapedGlyph] {
        func hex(_ s: ArraySlice<Unicode.Scalar>) -> String {
            s.map { String($0.value, radix: 16) }.joined(separator: ",")
        }
        var arguments = [
            "--font-funcs=ot", "--font-size=\(pixelSize * 64)", "--direction=\(run.direction.rawValue)",
            "--script=\(run.script)", "--remove-default-ignorables", "--no-glyph-names",
            "--unicodes=\(hex(scalars[run.range]))",
        ]
        if run.range.lowerBound == 0 { arguments.append("--bot") }
        if run.range.upperBound == scalars.count { arguments.append("--eot") }
        if run.range.lowerBound > 0 { arguments.append("--unicodes-before=\(hex(scalars[..<run.range.lowerBound]))") }
        if run.range.upperBound < scalars.count {
            arguments.append("--unicodes-after=\(hex(scalars[run.range.upperBound...]))")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = arguments + [font]
        process.environment = ["LC_ALL": "C"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "hb-shape \(arguments.joined(separator: " ")) \(font)")
        return try parse(String(decoding: data, as: UTF8.self), clusterOffset: run.range.lowerBound)
    }

    /// Parses `[gid=cluster@dx,dy+advance|…]`, hb-shape's text output.
    static func parse(_ text: String, clusterOffset: Int) throws -> [ShapedGlyph] {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        return try body.split(separator: "|").map { item in
            let parts = item.split(separator: "=", maxSplits: 1)
            let glyph = try #require(UInt32(parts[0]))
            var rest = Substring(parts[1])
            let plus = try #require(rest.lastIndex(of: "+"))
            let advance = try #require(Int(rest[rest.index(after: plus)...]))
            rest = rest[..<plus]
            var dx = 0
            var dy = 0
            if let at = rest.firstIndex(of: "@") {
                let offsets = rest[rest.index(after: at)...].split(separator: ",")
                dx = try #require(Int(offsets[0]))
                dy = try #require(Int(offsets[1]))
                rest = rest[..<at]
            }
            let cluster = try #require(Int(rest))
            return ShapedGlyph(
                glyph: glyph, cluster: cluster + clusterOffset, advance: advance, offsetX: dx, offsetY: dy)
        }
    }
}
