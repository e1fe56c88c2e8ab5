/// The file access configuration loading needs, so that this module stays pure: the executable passes one
/// backed by the real file system, tests an in-memory one.
public protocol ConfigurationFiles {
    /// The text of the file at `path`; nil when there is no such file; throws when it exists but cannot be read
    /// (permissions, a directory, not UTF-8).
    func text(atPath path: String) throws(ConfigurationError) -> String?
}
