/// Board profiles: `board/NAME/bannerd.toml` files that set the display and input part of the configuration for
/// a known device (`--board NAME`).
public enum BoardProfile {
    /// Where profiles are looked for, first match wins: the source tree (running from a checkout), then the
    /// installed ones (`scripts/install` puts them under PREFIX/share/bannerd/board; PREFIX is /usr/local by
    /// default, /usr for system images).
    public static let searchDirectories = ["board", "/usr/local/share/bannerd/board", "/usr/share/bannerd/board"]

    /// The profile's file name inside a board folder.
    public static let fileName = "bannerd.toml"

    /// The path of board `name`'s profile: the first `DIR/NAME/bannerd.toml` that exists.
    public static func path(
        forBoard name: String, searchDirectories: [String] = searchDirectories, files: some ConfigurationFiles
    ) throws(ConfigurationError) -> String {
        // A name, not a path: `--board ../../etc` must not read arbitrary files.
        guard !name.isEmpty, !name.hasPrefix("."),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
        else {
            throw ConfigurationError(
                path: name, "board names are letters, digits, '-', '_' and '.' such as \"rpi-7inch-dsi\"")
        }
        for directory in searchDirectories {
            let candidate = directory + "/" + name + "/" + fileName
            if try files.text(atPath: candidate) != nil { return candidate }
        }
        throw ConfigurationError(
            path: name,
            "no board profile \"\(name)\" (looked for NAME/\(fileName) in \(searchDirectories.joined(separator: ", ")))"
        )
    }
}
