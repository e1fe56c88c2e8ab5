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
