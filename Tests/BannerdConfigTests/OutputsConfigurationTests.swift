import DisplaySelection
import Testing

@testable import BannerdConfig

/// `[[output]]` (issue 44): the connectors bannerd drives, each with what it shows unlike the others.
@Suite struct OutputsConfigurationTests {
    func apply(_ text: String, to base: Configuration = .defaults) throws(ConfigurationError) -> Configuration {
        try base.applying(fileContents: text, path: "/etc/bannerd/bannerd.toml")
    }

    @Test func eachTableIsAConnectorAndWhatItShowsUnlikeTheOthers() throws {
        let c = try apply(
            """
            [display]
            scale = 2
            [[output]]
            connector = "HDMI-A-1"
            [[output]]
            connector = "HDMI-A-2"
            directory = "/srv/right"
            mode = "1280x720@60"
            rotation = 270
            scale = 1.5
            touch = "ILITEK Multi-Touch"
            cec = "/dev/cec1"
            """)
        #expect(
            c.outputs == [
                OutputSettings(connector: "HDMI-A-1"),
                OutputSettings(
                    connector: "HDMI-A-2", contentDirectory: "/srv/right", mode: ModeRequest(parsing: "1280x720@60"),
                    rotation: .clockwise270, scale: 1.5, touch: "ILITEK Multi-Touch", cec: .path("/dev/cec1")),
            ])
        // [display] stays what it was: each output takes what it leaves out from there.
        #expect(c.display.scale == 2 && c.display.selection.connectorName == nil)
    }

    @Test func aLaterFilesListReplacesTheEarlierWhole() throws {
        let first = try apply("[[output]]\nconnector = \"HDMI-A-1\"\n[[output]]\nconnector = \"HDMI-A-2\"\n")
        let second = try apply("[[output]]\nconnector = \"DSI-1\"\n", to: first)
        #expect(second.outputs == [OutputSettings(connector: "DSI-1")])
        #expect(try apply("[display]\nscale = 1\n", to: first).outputs.count == 2)
    }

    @Test(arguments: [
        ("[output]\nconnector = \"HDMI-A-1\"\n", 1, "write [[output]], one for each connector"),
        ("[[output]]\ndirectory = \"/srv/a\"\n", 1, "[[output]] needs a connector"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\ncard = \"/dev/dri/card1\"\n", 3, "unknown key \"card\" in [[output]]"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\nmode = \"auto\"\n", 3, "leave the key out to take [display]'s"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\ndirectory = \"right\"\n", 3, "directory must be an absolute path"),
        ("[[output]]\nconnector = \"HDMI\"\n", 2, "connector must be a kernel connector name"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\ntouch = \"\"\n", 3, "touch must name a device"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\ntouch = 3\n", 3, "touch must be a quoted string"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\ncec = \"cec1\"\n", 3, "cec must be an absolute path"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\ncec = true\n", 3, "cec must be a quoted string"),
        ("[[output]]\nconnector = \"HDMI-A-1\"\n[[output]]\nconnector = \"HDMI-A-1\"\n", 4, "two [[output]] tables"),
    ])
    func problemsNameTheirLine(text: String, line: Int, message: String) {
        do {
            _ = try apply(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.problems.count == 1, "\(error)")
            #expect(error.problems.first?.line == line, "\(error)")
            #expect(error.problems.first?.message.contains(message) == true, "\(error)")
        }
    }

    @Test func eachOutputLooksForItsOwnAdapterOrTheBoardsForTheFirst() throws {
        let c = try apply(
            "[[output]]\nconnector = \"HDMI-A-1\"\n[[output]]\nconnector = \"HDMI-A-2\"\ncec = \"auto\"\n"
                + "[[output]]\nconnector = \"DSI-1\"\ncec = \"off\"\n")
        #expect(c.outputs.map(\.cec) == [nil, .auto, .off])
        var board = CECSettings()
        // auto, the default: each output finds the adapter linked to its own connector.
        #expect(board.device(forOutput: nil, first: true) == .auto)
        #expect(board.device(forOutput: nil, first: false) == .auto)
        // One adapter named: the first output's TV alone; an output's own adapter wins.
        board.device = .path("/dev/cec0")
        #expect(board.device(forOutput: nil, first: true) == .path("/dev/cec0"))
        #expect(board.device(forOutput: nil, first: false) == .off)
        #expect(board.device(forOutput: .path("/dev/cec1"), first: false) == .path("/dev/cec1"))
        #expect(board.device(forOutput: .off, first: true) == .off)
        board.device = .off
        #expect(board.device(forOutput: .auto, first: false) == .auto)
        #expect(board.device(forOutput: nil, first: true) == .off)
    }
}
