import Testing

@testable import TextLayout

@Suite struct ScriptNameTests {
    @Test(arguments: [
        ("A", "Latin"), ("é", "Latin"), ("Ж", "Cyrillic"), ("ש", "Hebrew"), ("م", "Arabic"), ("ﻡ", "Arabic"),
        ("न", "Devanagari"), ("ก", "Thai"), ("漢", "Han"), ("か", "Hiragana"), ("カ", "Katakana"), ("한", "Hangul"),
        ("😀", "emoji"), ("\u{E000}", "private use"), ("\u{10FFFD}", "other"),
    ])
    func namesTheScriptOfEachBlock(character: String, script: String) {
        #expect(ScriptName.of(character.unicodeScalars.first!) == script)
    }

    @Test func theBlocksAreInOrderAndDoNotOverlap() {
        let ranges = ScriptName.blocks.map(\.0)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
    }
}
