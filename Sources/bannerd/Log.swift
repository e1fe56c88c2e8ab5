import Glibc
import SystemCalls

/// Log lines on stderr: with a `<N>` syslog priority prefix under systemd (journald reads it), plain otherwise.
enum Log {
    enum Level: Int {
        case error = 3
        case warning = 4
        case notice = 5
        case info = 6
    }

    /// journald sets JOURNAL_STREAM for services whose stderr it reads.
    private static let underJournal = getenv("JOURNAL_STREAM") != nil

    static func write(_ level: Level, _ message: String) {
        let line = underJournal ? "<\(level.rawValue)>\(message)\n" : "bannerd: \(message)\n"
        _ = writeAll(Array(line.utf8), to: STDERR_FILENO)  // nowhere to report a failure to write the log
    }

    static func error(_ message: String) { write(.error, message) }
    static func warning(_ message: String) { write(.warning, message) }
    static func info(_ message: String) { write(.info, message) }
}
