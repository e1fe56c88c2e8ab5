import BannerdConfig
import BannerdConfigFiles

/// Files held in memory, for loader tests.
struct MemoryFiles: ConfigurationFiles {
    var files: [String: String] = [:]

    func text(atPath path: String) throws(ConfigurationError) -> String? { files[path] }
}

/// The real file system, as the executable reads it.
typealias DiskFiles = LocalConfigurationFiles

/// The repository's root, found from this file's path (Tests/BannerdConfigTests/TestFiles.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()
