import DisplaySelection
import InputTranslation
import Testing
import WallClock

@testable import BannerdConfig

/// bannerd.toml as two real TOML libraries write it (scripts/toml-writer-fixtures regenerates the files), and the
/// other ways TOML 1.0 writes the same tables.
@Suite struct TOMLWriterFileTests {
    @Test(arguments: ["tomli-w", "tomlkit"])
    func writtenByALibrary(writer: String) throws {
        let path = repositoryRoot + "/Tests/BannerdConfigTests/TOMLWriters/bannerd-\(writer).toml"
        let c = try ConfigurationLoader(files: DiskFiles()).load(configPath: path)
        #expect(c.display.selection.connectorName == "HDMI-A-1" && c.display.selection.rotation == .clockwise90)
        #expect(c.display.scale == 1.5)
        #expect(c.input.calibration == CalibrationMatrix(0, -1, 1, 1, 0, 0))
        #expect(c.carousel.gap == 12 && c.carousel.autoplayInterval == .seconds(8))
        let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        #expect(c.schedule?.start == ClockTime(hour: 7, minute: 0) && c.schedule?.days == weekdays)
        #expect(c.actions == ["show-offer": ["/usr/local/bin/show-offer", "--fullscreen"]])
    }

    /// `[actions]`: names of the admin's choosing, each an argv with an absolute program; every bad one reported
    /// at its place, the good ones kept.
    @Test func actionsAreNamedArgvsCheckedOneByOne() throws {
        let good = try Configuration.defaults.applying(
            fileContents: """
                [actions]
                show-offer = ["/usr/local/bin/show-offer", "--fullscreen"]
                open_map = ["/usr/bin/env", "A=$HOME", "x; y"]
                """, path: "b.toml")
        #expect(good.actions["show-offer"] == ["/usr/local/bin/show-offer", "--fullscreen"])
        #expect(good.actions["open_map"] == ["/usr/bin/env", "A=$HOME", "x; y"])
        #expect(throws: ConfigurationError.self) {
            try Configuration.defaults.applying(fileContents: "[actions]\na = \"/bin/true\"\n", path: "b.toml")
        }
        do {
            _ = try Configuration.defaults.applying(
                fileContents: """
                    [actions]
                    "two words" = ["/bin/true"]
                    relative = ["true"]
                    empty = []
                    nul = ["/bin/echo", "a\\u0000b"]
                    """, path: "b.toml")
            Issue.record("bad actions accepted")
        } catch {
            let lines = error.problems.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
            #expect(lines.count == 4, "\(lines)")
            #expect(lines.first?.hasPrefix("2:1 action name \"two words\": letters, digits") == true, "\(lines)")
            #expect(lines.dropFirst().first?.hasPrefix("3:13 action relative: the program must be an absolute") == true)
            #expect(lines.dropFirst(2).first?.hasPrefix("4:9 action empty must be an array of strings") == true)
            #expect(lines.last?.hasPrefix("5:21 action nul: the elements must be strings without NUL") == true)
        }
    }

    /// A table is the same table as a header, dotted keys or an inline table; a table elsewhere is still unknown.
    @Test func dottedKeysAndInlineTablesAreTables() throws {
        let c = try Configuration.defaults.applying(
            fileContents: """
                display.rotation = 180
                carousel = { gap = 4, title_fonts = [
                    "/f/a.ttf",
                ] }
                """, path: "/etc/bannerd/bannerd.toml")
        #expect(c.display.selection.rotation == .clockwise180 && c.carousel.gap == 4)
        #expect(c.carousel.titleFonts == ["/f/a.ttf"])
        #expect(throws: ConfigurationError.self) {
            try Configuration.defaults.applying(fileContents: "displays.rotation = 90", path: "x")
        }
    }
}
