import BannerdConfig
import FileAccess
import SystemCalls

/// Reads bannerd.toml and board profiles from the local file system (FileAccess), for `ConfigurationLoader`:
///
/// ```swift
/// let configuration = try ConfigurationLoader(files: LocalConfigurationFiles())
///     .load(configPath: options.config, board: options.board, overrides: overrides)
/// ```
public struct LocalConfigurationFiles: ConfigurationFiles, Sendable {
    private let files: LocalFiles

    /// Files read through `files`.
    public init(files: LocalFiles = LocalFiles()) {
        self.files = files
    }

    /// The file's text; nil when nothing is at `path` (a missing default config is fine); other failures
    /// (permissions, a directory, too large) are errors naming the path.
    public func text(atPath path: String) throws(ConfigurationError) -> String? {
        do throws(SystemCallError) {
            return try files.readText(path)
        } catch  where error.isNotFound {
            return nil
        } catch {
            throw ConfigurationError(path: path, error.message)
        }
    }
}
