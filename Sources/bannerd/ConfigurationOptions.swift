import BannerdConfig
import BannerdConfigFiles
import CommandLineParsing
import GlyphText

/// `--config FILE` and `--board NAME`, shared by the commands that show what the device shows (`run`, `render`,
/// `check`): the settings come from the defaults, the board's profile, the file, then the command's own options.
struct ConfigurationOptions {
    static let options: [OptionSpec] = [
        .value("config", "Configuration file (default: /etc/bannerd/bannerd.toml when it exists)."),
        .value(
            "board",
            "Board profile by name, e.g. rpi-hdmi, rpi-7inch-dsi, hdmi-1080p-usb-touch, portrait-1080x1920, qemu-x86_64."
        ),
    ]

    let config: String?
    let board: String?

    init(_ options: ParsedOptions) {
        config = options.value("config")
        board = options.value("board")
    }

    /// The settings with `overrides` laid over them; throws the loader's error (every problem, with positions).
    func load(overrides: ConfigurationOverrides = .init()) throws -> Configuration {
        try ConfigurationLoader(files: LocalConfigurationFiles()).load(
            configPath: config, board: board, overrides: overrides)
    }
}

extension Configuration {
    /// The title and subtitle font chains the configuration names.
    var fonts: FontPaths { FontPaths(title: carousel.titleFonts, body: carousel.bodyFonts) }
}
