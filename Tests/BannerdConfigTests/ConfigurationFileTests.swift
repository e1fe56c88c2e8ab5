import DisplaySelection
import InputTranslation
import ProofOfPlay
import Raster
import Testing
import WallClock

@testable import BannerdConfig

@Suite struct ConfigurationFileTests {
    func apply(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.defaults.applying(fileContents: text, path: "/etc/bannerd/bannerd.toml")
    }

    @Test func readsEveryKey() throws {
        let c = try apply(
            """
            [display]
            card = "card1"
            connector = "HDMI-A-2"
            mode = "1280x720@50"
            rotation = 270
            scale = 1.5
            format = "RGB565"
            scanout = "Compose"
            [input]
            seat = "seat-kiosk"
            calibration = [0, -1, 1, 1, 0, 0]
            [carousel]
            top_inset = 24
            bottom_inset = 0
            horizontal_inset = 40.5
            gap = 12
            corner_radius = 0
            autoplay = 7.25
            background = "#000000"
            title_fonts = ["/f/a.ttf"]
            body_fonts = ["/f/b.ttf", "/f/c.ttc"]
            [content]
            directory = "/srv/signage"
            [control]
            socket = "/run/x.sock"
            [schedule]
            on = "7:30"
            off = "22:00"
            days = ["mon-fri", "sun"]
            """)
        #expect(
            c.display.selection
                == DisplayConfiguration(
                    cardPath: "/dev/dri/card1", connectorName: "HDMI-A-2",
                    mode: ModeRequest(width: 1280, height: 720, refreshHertz: 50), rotation: .clockwise270))
        #expect(c.display.scale == 1.5 && c.display.format == .rgb565 && c.display.scanout == .compose)
        #expect(c.input.seat == "seat-kiosk" && c.input.calibration == CalibrationMatrix(0, -1, 1, 1, 0, 0))
        #expect(c.carousel.topInset == 24 && c.carousel.bottomInset == 0 && c.carousel.horizontalInset == 40.5)
        #expect(c.carousel.gap == 12 && c.carousel.cornerRadius == 0)
        #expect(c.carousel.autoplayInterval == .milliseconds(7250) && c.carousel.background == .black)
        #expect(c.carousel.titleFonts == ["/f/a.ttf"] && c.carousel.bodyFonts == ["/f/b.ttf", "/f/c.ttc"])
        #expect(c.contentDirectory == "/srv/signage" && c.controlSocketPath == "/run/x.sock")
        let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday, .sunday]
        #expect(c.schedule?.start == ClockTime(hour: 7, minute: 30) && c.schedule?.days == weekdays)
        let metrics = c.carousel.applied(to: .init())
        #expect(metrics.horizontalInset == 40.5 && metrics.autoplayInterval == .milliseconds(7250))
    }

    @Test func autoAndZeroMeanTheDefaults() throws {
        var pinned = Configuration.defaults
        pinned.display.selection = DisplayConfiguration(
            cardPath: "/dev/dri/card0", connectorName: "DSI-1", mode: ModeRequest(width: 1, height: 1),
            rotation: .clockwise90)
        pinned.display.scale = 2
        pinned.display.format = .rgb565
        pinned.input.calibration = .identity
        let c = try pinned.applying(
            fileContents: """
                [display]
                card = "auto"
                connector = "auto"
                mode = "auto"
                rotation = "auto"
                scale = "auto"
                format = "auto"
                [input]
                calibration = "auto"
                [carousel]
                autoplay = 0
                """, path: "p")
        #expect(c.display == DisplaySettings() && c.input.calibration == nil && c.carousel.autoplayInterval == nil)
    }

    @Test func proofOfPlayGoesWhereItIsToldForAsLongAsItIsToldOrNowhere() throws {
        #expect(
            Configuration.defaults.proofOfPlay
                == PlayLogFiles(directory: "/var/lib/bannerd/proof-of-play", keepDays: 92))
        let kept = try apply("[proof_of_play]\nkeep_days = 400\ndirectory = \"/srv/plays\"\n")
        #expect(kept.proofOfPlay == PlayLogFiles(directory: "/srv/plays", keepDays: 400))
        #expect(try apply("[proof_of_play]\ndirectory = \"off\"\nkeep_days = 3\n").proofOfPlay == nil)
    }

    @Test func cecFindsItsAdapterByDefaultOrIsToldOneOrOff() throws {
        #expect(Configuration.defaults.cec == CECSettings())
        #expect(Configuration.defaults.cec.device == .auto && !Configuration.defaults.cec.takeBack)
        let told = try apply("[cec]\ndevice = \"/dev/cec1\"\nosd_name = \"Menu board 2\"\ntake_back = true\n")
        #expect(told.cec.device == .path("/dev/cec1"))
        #expect(told.cec.osdName == "Menu board 2" && told.cec.takeBack)
        #expect(try apply("[cec]\ndevice = \"off\"\n").cec.device == .off)
        #expect(try apply("[cec]\ndevice = \"auto\"\n").cec.device == .auto)
        #expect(try apply("[cec]\nosd_name = \"fourteen chars\"\n").cec.osdName == "fourteen chars")
    }

    @Test func anEmptyFileOrEmptyTablesChangeNothing() throws {
        #expect(try apply("") == .defaults)
        #expect(try apply("# only comments\n\n[display]\n[schedule]\n") == .defaults)
    }

    /// One bad line in its table, and where and what the error says.
    @Test(arguments: [
        ("[display]\ncard = \"gpu\"", 2, 8, "card must be \"auto\", a name such as \"card1\""),
        ("[display]\ncard = 1", 2, 8, "card must be a quoted string, not an integer"),
        ("[display]\nconnector = \"1\"", 2, 13, "connector must be a kernel connector name"),
        ("[display]\nconnector = \"HDMI A 1\"", 2, 13, "connector must be a kernel connector name"),
        ("[display]\nmode = \"1920*1080\"", 2, 8, "mode must be \"WxH\""),
        ("[display]\nrotation = 45", 2, 12, "rotation must be 0, 90, 180 or 270"),
        ("[display]\nrotation = \"90\"", 2, 12, "rotation must be 0, 90, 180 or 270"),
        ("[display]\nscale = 0", 2, 9, "scale must be a number of pixels per point from 0.5 to 8"),
        ("[display]\nformat = \"argb\"", 2, 10, "format must be"),
        ("[display]\nscanout = \"flip\"", 2, 11, "scanout must be \"auto\", \"pan\" or \"compose\""),
        ("[carousel]\nsync = \"ntp\"", 2, 8, "sync must be \"off\" or \"wall-clock\""),
        ("[display]\nscanout = true", 2, 11, "scanout must be a quoted string"),
        ("[input]\nseat = \"\"", 2, 8, "seat must be a udev seat name"),
        ("[input]\ncalibration = [1, 0, 0, 0, 1]", 2, 15, "calibration must be 6 numbers"),
        ("[input]\ncalibration = [\"1\", \"0\", \"0\", \"0\", \"1\", \"0\"]", 2, 15, "calibration must be 6 numbers"),
        ("[carousel]\ngap = -1", 2, 7, "gap must be a number of points from 0 to 1000"),
        ("[carousel]\ntop_inset = \"16\"", 2, 13, "top_inset must be a number of points"),
        ("[carousel]\nautoplay = 100000", 2, 12, "autoplay must be a number of seconds from 0 to 86400"),
        ("[carousel]\nbackground = \"#10101080\"", 2, 14, "background must be an opaque colour"),
        ("[carousel]\ntitle_fonts = []", 2, 15, "title_fonts must list one or more absolute font paths"),
        ("[carousel]\nbody_fonts = \"/a.ttf\"", 2, 14, "body_fonts must be an array of quoted strings"),
        ("[carousel]\nbody_fonts = [\"a.ttf\"]", 2, 14, "absolute font paths"),
        ("[content]\ndirectory = \"content\"", 2, 13, "directory must be an absolute path"),
        ("[control]\nsocket = \"/" + String(repeating: "s", count: 107) + "\"", 2, 10, "longer than 107 bytes"),
        ("[proof_of_play]\ndirectory = \"plays\"", 2, 13, "directory must be an absolute path"),
        ("[proof_of_play]\nkeep_days = 0", 2, 13, "keep_days must be a whole number of days from 1 to 3660"),
        ("[proof_of_play]\nkeep_days = 7.5", 2, 13, "keep_days must be a whole number of days"),
        ("[cec]\ndevice = \"cec1\"", 2, 10, "device must be an absolute path"),
        ("[cec]\ndevice = 1", 2, 10, "device must be a quoted string"),
        ("[cec]\nosd_name = \"fifteen chars!!\"", 2, 12, "osd_name must be 1 to 14 printable ASCII characters"),
        ("[cec]\nosd_name = \"Café\"", 2, 12, "osd_name must be 1 to 14 printable ASCII characters"),
        ("[cec]\nosd_name = \"\"", 2, 12, "osd_name must be 1 to 14"),
        ("[cec]\ntake_back = \"yes\"", 2, 13, "take_back must be true or false"),
        ("[schedule]\non = \"7\"\noff = \"22:00\"", 2, 6, "on must be a 24-hour time"),
        ("[schedule]\non = \"07:00\"\noff = \"25:00\"", 3, 7, "off must be a 24-hour time"),
        ("[schedule]\non = \"07:00\"", 1, 1, "[schedule] needs both on and off"),
        ("[schedule]\non = \"07:00\"\noff = \"07:00\"", 3, 7, "on and off are the same time"),
        ("[schedule]\non = \"24:00\"\noff = \"07:00\"", 2, 6, "on must be before 24:00"),
        ("[schedule]\non = \"7:00\"\noff = \"8:00\"\ndays = [\"mon\", \"funday\"]", 4, 16, "days are names"),
        ("[schedule]\non = \"7:00\"\noff = \"8:00\"\ndays = []", 4, 8, "days is empty"),
        ("[display]\ncolour = 1", 2, 1, "unknown key \"colour\" in [display]; allowed: card, connector, mode"),
        ("[displays]\n", 1, 1, "unknown table [displays]; bannerd.toml has [display], [input], [carousel]"),
        ("[[display]]\n", 1, 1, "[[display]] is a single table; write [display]"),
        ("card = \"auto\"", 1, 1, "key \"card\" outside any table; keys go under one of [display]"),
        ("[display]\nscale = 1\n[display]", 3, 1, "table [display] is defined twice (first on line 1)"),
        ("[display]\nmode = 1920x1080", 2, 8, "not a number: 1920x1080"),
    ])
    func badValuesNameFileLineAndColumn(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try apply(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.problems.count == 1, "\(error)")
            let p = error.problems.first
            #expect(p?.line == line && p?.column == column, "\(error)")
            #expect(p?.message.contains(message) == true, "\(error)")
            #expect(p?.description.hasPrefix("/etc/bannerd/bannerd.toml:\(line):\(column): ") == true)
        }
    }

    @Test func everyProblemOfAFileIsReportedInOrder() {
        do {
            _ = try apply("[input]\nseat = 1\n[display]\nrotation = 1\nfoo = 2\n[x]\n")
            Issue.record("accepted")
        } catch {
            #expect(error.problems.map { "\($0.line ?? 0):\($0.column ?? 0)" } == ["2:8", "4:12", "5:1", "6:1"])
            #expect(error.description.split(separator: "\n").count == 4)
        }
    }

    @Test func problemDescriptionsLeaveOutWhatIsUnknown() {
        #expect(ConfigurationProblem(path: "a", message: "m").description == "a: m")
        #expect(ConfigurationProblem(path: "a", line: 3, message: "m").description == "a:3: m")
        #expect(ConfigurationProblem(path: "a", line: 3, column: 4, message: "m").description == "a:3:4: m")
    }
}
