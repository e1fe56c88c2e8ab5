import Foundation
import Testing

/// ffmpeg and ffprobe, for the reference tests: files made by an encoder nobody here wrote, and what ffmpeg itself
/// decodes or draws.
enum FFmpeg {
    static let ffmpeg = "/usr/bin/ffmpeg"
    static let ffprobe = "/usr/bin/ffprobe"

    /// Runs `program` and gives what it wrote to its standard output; an issue when it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) \(arguments.joined(separator: " "))")
        return data
    }

    /// A new scratch directory, removed by `removeItem` in the caller's `defer`.
    static func scratch(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bannerd-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
