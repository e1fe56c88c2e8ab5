import BannerdConfig
import FileAccess

/// Files held in memory, for loader tests.
struct MemoryFiles: ConfigurationFiles {
    var files: [String: String] = [:]

    func text(atPath path: String) throws(ConfigurationError) -> String? { files[path] }
}

/// The real file system through FileAccess, as the executable wires it.
struct DiskFiles: ConfigurationFiles {
    func text(atPath path: String) throws(ConfigurationError) -> String? {
        do throws(FileError) {
            return try LocalFiles().readText(path)
        } catch  where error.isNotFound {
            return nil
        } catch {
            throw ConfigurationError(path: path, error.message)
        }
    }
}

/// The repository's root, found from this file's path (Tests/BannerdConfigTests/TestFiles.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()
