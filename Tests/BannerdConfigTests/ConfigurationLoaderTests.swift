import DisplaySelection
import Testing
import WallClock

@testable import BannerdConfig

@Suite struct ConfigurationLoaderTests {
    static let board = "[display]\nconnector = \"DSI-1\"\nmode = \"800x480\"\nscale = 1\n"
    static let etc = "[display]\nmode = \"1024x600\"\n[carousel]\ngap = 4\n"

    var files = MemoryFiles(files: [
        "/usr/share/bannerd/board/pi/bannerd.toml": board,
        "/etc/bannerd/bannerd.toml": etc,
    ])

    @Test func layersWinKeyByKeyDefaultsBoardFileCommandLine() throws {
        var overrides = ConfigurationOverrides()
        overrides.scale = 2
        overrides.autoplayInterval = .some(nil)
        let c = try ConfigurationLoader(files: files).load(configPath: nil, board: "pi", overrides: overrides)
        #expect(c.display.selection.connectorName == "DSI-1")  // board
        #expect(c.display.selection.mode == ModeRequest(width: 1024, height: 600))  // file over board
        #expect(c.display.scale == 2)  // command line over board
        #expect(c.carousel.gap == 4 && c.carousel.autoplayInterval == nil)
        #expect(c.input == Configuration.defaults.input)
    }

    @Test func aMissingDefaultFileMeansDefaultsButAMissingNamedFileIsAnError() throws {
        let empty = ConfigurationLoader(files: MemoryFiles())
        #expect(try empty.load(configPath: nil) == .defaults)
        #expect(throws: ConfigurationError(path: "/tmp/nope.toml", "no such file")) {
            try empty.load(configPath: "/tmp/nope.toml")
        }
    }

    @Test func aBrokenFileReportsItsPath() {
        var broken = files
        broken.files["/etc/bannerd/bannerd.toml"] = "[display]\nrotation = 45\n"
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader(files: broken).load(configPath: nil) }
        do {
            _ = try ConfigurationLoader(files: broken).load(configPath: nil)
        } catch {
            #expect(error.problems.first?.description.hasPrefix("/etc/bannerd/bannerd.toml:2:12: rotation") == true)
        }
    }

    @Test func everyOverrideApplies() {
        var o = ConfigurationOverrides()
        o.cardPath = "/dev/dri/card2"
        o.connectorName = "DP-1"
        o.mode = ModeRequest(width: 640, height: 480)
        o.rotation = .clockwise180
        o.scale = 2
        o.seat = "seat1"
        o.autoplayInterval = .seconds(3)
        o.contentDirectory = "content"
        o.controlSocketPath = "/tmp/c.sock"
        o.ignoresSchedule = true
        var base = Configuration.defaults
        base.schedule = ScreenSchedule(start: ClockTime(hour: 1, minute: 0)!, end: ClockTime(hour: 2, minute: 0)!)
        let c = base.applying(o)
        #expect(
            c.display.selection
                == DisplayConfiguration(
                    cardPath: "/dev/dri/card2", connectorName: "DP-1", mode: ModeRequest(width: 640, height: 480),
                    rotation: .clockwise180))
        #expect(c.display.format == nil && c.display.scale == 2)
        #expect(c.input.seat == "seat1")
        #expect(c.carousel.autoplayInterval == .seconds(3) && c.contentDirectory == "content")
        #expect(c.controlSocketPath == "/tmp/c.sock" && c.schedule == nil)
        #expect(base.applying(ConfigurationOverrides()) == base)
    }

    @Test func boardNamesResolveInSearchOrderAndAreNeverPaths() throws {
        var both = files
        both.files["board/pi/bannerd.toml"] = ""
        #expect(try BoardProfile.path(forBoard: "pi", files: both) == "board/pi/bannerd.toml")
        #expect(try BoardProfile.path(forBoard: "pi", files: files) == "/usr/share/bannerd/board/pi/bannerd.toml")
        #expect(throws: ConfigurationError.self) { try BoardProfile.path(forBoard: "nope", files: files) }
        for bad in ["", "../etc", ".hidden", "a/b", "pi board"] {
            #expect(throws: ConfigurationError.self) { try BoardProfile.path(forBoard: bad, files: both) }
        }
        do {
            _ = try BoardProfile.path(forBoard: "nope", files: files)
        } catch {
            #expect(error.description.contains("board, /usr/local/share/bannerd/board, /usr/share/bannerd/board"))
        }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(files: files).load(configPath: nil, board: "nope")
        }
    }

    @Test func scaleFollowsThePanelsDensityUnlessSet() {
        let auto = DisplaySettings()
        // Pi 7" panel: ~131 ppi → 1; a 10" 2560x1600 panel: ~300 ppi → 2 (half steps); no size → 1; capped at 8.
        #expect(auto.resolvedScale(widthPixels: 800, widthMillimetres: 155) == 1)
        #expect(auto.resolvedScale(widthPixels: 2560, widthMillimetres: 217) == 2)
        #expect(auto.resolvedScale(widthPixels: 1920, widthMillimetres: 190) == 1.5)
        #expect(auto.resolvedScale(widthPixels: 1024, widthMillimetres: 0) == 1)
        #expect(auto.resolvedScale(widthPixels: 8000, widthMillimetres: 10) == 8)
        var set = DisplaySettings()
        set.scale = 1.25
        #expect(set.resolvedScale(widthPixels: 800, widthMillimetres: 1) == 1.25)
    }
}
