import ChildProcess
import Testing

@Suite struct OutputLinesTests {
    @Test func linesSplitAcrossChunksComeOutWhole() {
        var lines = OutputLines()
        #expect(lines.append(Array("he".utf8)).isEmpty)
        #expect(lines.append(Array("llo\r\nwor".utf8)) == ["hello"])
        #expect(lines.append(Array("ld\n\n".utf8)) == ["world", ""])
        #expect(lines.finish() == nil)
    }

    @Test func aLineWithoutNewlineIsCutAtTheLimitAndTheRestComesAtTheEnd() {
        var lines = OutputLines(maximumLength: 4)
        #expect(lines.append(Array("abcdefghij".utf8)) == ["abcd", "efgh"])
        #expect(lines.finish() == "ij")
        #expect(lines.finish() == nil)
    }

    @Test func invalidUTF8IsReplacedNotDropped() {
        var lines = OutputLines()
        #expect(lines.append([0x61, 0xFF, 0x62, 0x0A]) == ["a\u{FFFD}b"])
    }
}
