/// Builds the configuration bannerd runs with, layer over layer, later ones winning key by key:
///
/// 1. `Configuration.defaults`;
/// 2. the board profile, when `--board NAME` is given (`BoardProfile.path`);
/// 3. the config file: `--config PATH` (must exist) or `/etc/bannerd/bannerd.toml` (may be missing);
/// 4. the command-line options (`ConfigurationOverrides`).
public struct ConfigurationLoader<Files: ConfigurationFiles> {
    /// Where files are read.
    public let files: Files
    /// Where board profiles are looked for.
    public var boardDirectories = BoardProfile.searchDirectories

    /// A loader reading through `files`.
    public init(files: Files) {
        self.files = files
    }

    /// The configuration from `board` (a name), the file at `configPath` (nil: the default path, which may be
    /// missing) and `overrides`. Every problem of a file is reported at once.
    public func load(configPath: String?, board: String? = nil, overrides: ConfigurationOverrides = .init())
        throws(ConfigurationError) -> Configuration
    {
        var c = Configuration.defaults
        if let board {
            let path = try BoardProfile.path(forBoard: board, searchDirectories: boardDirectories, files: files)
            c = try apply(path, over: c, required: true)
        }
        c = try apply(configPath ?? Configuration.defaultPath, over: c, required: configPath != nil)
        return c.applying(overrides)
    }

    private func apply(_ path: String, over c: Configuration, required: Bool) throws(ConfigurationError)
        -> Configuration
    {
        guard let text = try files.text(atPath: path) else {
            // Only an explicitly named file must exist: a fresh install runs on defaults.
            if required { throw ConfigurationError(path: path, "no such file") }
            return c
        }
        return try c.applying(fileContents: text, path: path)
    }
}
