import BannerdConfigFiles
import DisplaySelection
import FileAccess
import Testing
import WallClock

@testable import BannerdConfig

/// The example config and the board profiles in the repository, read from disk as bannerd reads them.
@Suite struct ShippedFilesTests {
    @Test func theExampleFileStatesExactlyTheDefaults() throws {
        let path = repositoryRoot + "/config/bannerd.toml"
        let c = try ConfigurationLoader(files: DiskFiles()).load(configPath: path)
        #expect(c == .defaults)
    }

    /// The example shows every key of every table commented out (`#key = value`) with its default: uncommented,
    /// it must still equal the defaults, so the documented defaults cannot drift from the real ones.
    @Test func theExampleFileDocumentsEveryKeyWithItsDefault() throws {
        let text = try #require(try DiskFiles().text(atPath: repositoryRoot + "/config/bannerd.toml"))
        var table = ""
        var documented: [String: [String]] = [:]
        var defaultsUncommented: [Substring] = []
        var everythingUncommented: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let setting = line.hasPrefix("#") && !line.hasPrefix("# ") && line.count > 1 ? line.dropFirst() : line
            // [name] and [[name]] alike.
            if setting.hasPrefix("[") { table = String(setting.drop { $0 == "[" }.prefix { $0 != "]" }) }
            if let key = setting.split(separator: " = ").first, setting != line, !setting.hasPrefix("[") {
                documented[table, default: []].append(String(key))
            }
            everythingUncommented.append(setting)
            // Examples, not defaults: the schedule, the actions and the outputs are off unless written.
            defaultsUncommented.append(["schedule", "actions", OutputsReader.name].contains(table) ? line : setting)
        }
        // [actions]' keys are the admin's names, not the schema's.
        for schema in ConfigurationSchema.tables where schema.name != ConfigurationSchema.actions.name {
            #expect(documented[schema.name] == schema.keys.map(\.name), "[\(schema.name)] in the example")
        }
        let defaults = try Configuration.defaults.applying(
            fileContents: defaultsUncommented.joined(separator: "\n"), path: "example")
        #expect(defaults == .defaults)
        let scheduled = try Configuration.defaults.applying(
            fileContents: everythingUncommented.joined(separator: "\n"), path: "example")
        #expect(scheduled.schedule?.start == ClockTime(hour: 7, minute: 0) && scheduled.schedule?.days.count == 6)
        #expect(scheduled.actions == ["show-offer": ["/usr/local/bin/show-offer", "--fullscreen"]])
        #expect(
            scheduled.outputs == [
                OutputSettings(connector: "HDMI-A-1"),
                OutputSettings(
                    connector: "HDMI-A-2", contentDirectory: "/var/lib/bannerd/content-right", rotation: .clockwise90,
                    cec: .path("/dev/cec1")),
            ])
        #expect(Set(documented[OutputsReader.name] ?? []).isSubset(of: OutputsReader.keyNames))
    }

    static let boards = ["rpi-7inch-dsi", "rpi-hdmi", "hdmi-1080p-usb-touch", "portrait-1080x1920", "qemu-x86_64"]

    /// Every folder of board/ with a profile, so a new profile is checked without being listed here.
    @Test func everyProfileInTheBoardFolderIsListedAndLoads() throws {
        let names = try LocalFiles().list(repositoryRoot + "/board").filter { name in
            (try? LocalFiles().kind(of: repositoryRoot + "/board/\(name)/\(BoardProfile.fileName)")) != nil
        }
        #expect(Set(names) == Set(Self.boards))
        var loader = ConfigurationLoader(files: DiskFiles())
        loader.boardDirectories = [repositoryRoot + "/board"]
        for name in names {
            #expect(throws: Never.self) {
                try loader.load(configPath: repositoryRoot + "/config/bannerd.toml", board: name)
            }
        }
    }

    @Test(arguments: boards) func everyBoardProfileLoads(board: String) throws {
        var loader = ConfigurationLoader(files: DiskFiles())
        loader.boardDirectories = [repositoryRoot + "/board"]
        let c = try loader.load(configPath: repositoryRoot + "/config/bannerd.toml", board: board)
        #expect(c.display.selection.connectorName != nil)
        #expect(c.display.scale == 1)
        #expect(c.carousel == Configuration.defaults.carousel, "profiles set display and input only")
        let readme = try DiskFiles().text(atPath: repositoryRoot + "/board/\(board)/README.md")
        #expect(readme?.isEmpty == false)
    }

    @Test func boardProfilesSayWhatTheyAreFor() throws {
        var loader = ConfigurationLoader(files: DiskFiles())
        loader.boardDirectories = [repositoryRoot + "/board"]
        let example = repositoryRoot + "/config/bannerd.toml"
        func display(_ board: String) throws -> DisplayConfiguration {
            try loader.load(configPath: "/nonexistent/but/unused", board: board).display.selection
        }
        let pi = try loader.load(configPath: example, board: "rpi-7inch-dsi", overrides: .init()).display.selection
        #expect(pi.connectorName == "DSI-1" && pi.mode == ModeRequest(width: 800, height: 480) && pi.rotation == nil)
        let hdmi = try loader.load(configPath: example, board: "hdmi-1080p-usb-touch").display.selection
        #expect(
            hdmi.connectorName == "HDMI-A-1" && hdmi.mode == ModeRequest(width: 1920, height: 1080, refreshHertz: 60))
        let piHDMI = try loader.load(configPath: example, board: "rpi-hdmi").display.selection
        #expect(piHDMI.connectorName == "HDMI-A-1" && piHDMI.rotation == DisplayRotation.none)
        #expect(piHDMI.mode == ModeRequest(width: 1920, height: 1080, refreshHertz: 60))
        let portrait = try loader.load(configPath: example, board: "portrait-1080x1920").display.selection
        #expect(portrait.rotation?.swapsAxes == true)
        let qemu = try loader.load(configPath: example, board: "qemu-x86_64").display.selection
        #expect(qemu.connectorName == "Virtual-1" && qemu.mode == nil)
        #expect(throws: ConfigurationError.self) { try display("rpi-7inch-dsi") }
    }
}

@Suite struct LocalConfigurationFilesTests {
    @Test func missingFilesAreNilAndUnreadableOnesAreErrorsNamingThePath() throws {
        let files = LocalConfigurationFiles()
        #expect(try files.text(atPath: repositoryRoot + "/no-such-file.toml") == nil)
        #expect(try files.text(atPath: repositoryRoot + "/no-such-dir/bannerd.toml") == nil)
        #expect(try files.text(atPath: repositoryRoot + "/config/bannerd.toml")?.contains("[display]") == true)
        do {
            _ = try ConfigurationLoader(files: files).load(configPath: repositoryRoot + "/config")
            Issue.record("a directory was read as a config file")
        } catch {
            #expect(error.problems.first?.path == repositoryRoot + "/config", "\(error)")
        }
    }
}
