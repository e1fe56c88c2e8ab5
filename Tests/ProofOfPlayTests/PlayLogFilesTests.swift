import FileAccess
import Foundation
import ProofOfPlay
import SystemCalls
import Testing
import WallClock

/// The daily files: names, what is kept, and lines that stay whole through a power cut.
@Suite struct PlayLogFilesTests {
    @Test func eachRecordGoesToTheFileOfTheLocalDayItEnded() {
        let files = PlayLogFiles(directory: "/var/lib/bannerd/proof-of-play", keepDays: 7)
        // 23:30 UTC on 24 November is already 25 November in Berlin.
        let reading = ClockReading(utcSeconds: 1_795_563_000, utcOffsetSeconds: 3600)
        #expect(files.path(for: reading) == "/var/lib/bannerd/proof-of-play/2026-11-25.jsonl")
    }

    @Test func filesOlderThanKeepDaysExpireAndOtherFilesAreLeftAlone() {
        let files = PlayLogFiles(directory: "/d", keepDays: 7)
        let today = CivilCalendar.dayNumber(year: 2026, month: 11, day: 25)
        let names = [
            "2026-11-25.jsonl", "2026-11-19.jsonl", "2026-11-18.jsonl", "2025-01-01.jsonl", "notes.txt",
            "2026-11-01.jsonl.gz", "2026-13-01.jsonl", "2026-11-01T10:00:00.jsonl", ".2026-11-01.jsonl",
        ]
        #expect(files.expired(names, today: today) == ["2026-11-18.jsonl", "2025-01-01.jsonl"])
    }

    @Test func linesAreAppendedWholeAndALineCutShortIsRemovedBeforeTheNext() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("play-log-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let disk = LocalFiles()
        try disk.makeDirectory(dir, permissions: 0o750)
        try disk.makeDirectory(dir, permissions: 0o750)  // there already: fine
        let path = dir + "/2026-11-25.jsonl"
        #expect(try disk.appendLine(Array("{\"a\":1}\n".utf8), to: path, permissions: 0o640) == 0)
        #expect(try disk.appendLine(Array("{\"b\":2}\n".utf8), to: path, permissions: 0o640) == 0)
        // Power lost in the middle of the third line's write.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"c\":".utf8))
        handle.closeFile()
        #expect(try disk.appendLine(Array("{\"d\":4}\n".utf8), to: path, permissions: 0o640) == 5)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n{\"b\":2}\n{\"d\":4}\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // A file that is all one cut line (longer than the backwards read's chunk) is cut to nothing.
        let broken = dir + "/2026-11-26.jsonl"
        try String(repeating: "x", count: 10_000).write(toFile: broken, atomically: false, encoding: .utf8)
        #expect(try disk.appendLine(Array("{}\n".utf8), to: broken, permissions: 0o640) == 10_000)
        #expect(try String(contentsOfFile: broken, encoding: .utf8) == "{}\n")
        #expect(throws: SystemCallError.self) {
            try disk.appendLine(Array("{}\n".utf8), to: dir + "/missing/x.jsonl", permissions: 0o640)
        }
    }
}
