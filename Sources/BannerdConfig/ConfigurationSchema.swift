import DisplaySelection
import InputTranslation
import ProofOfPlay
import Raster
import TOMLDecoding

/// The tables and keys bannerd.toml accepts and what each value may be. `config/bannerd.toml` documents the
/// same keys in the same order.
enum ConfigurationSchema {
    static let tables = [display, input, carousel, content, control, metrics, proofOfPlay, cec, schedule, actions]

    static func table(_ name: String) -> ConfigurationTable? { tables.first { $0.name == name } }

    static let display = ConfigurationTable(
        name: "display",
        keys: [
            ConfigurationKey("card") { c, v throws(ValueProblem) in
                c.display.selection.cardPath = v.isAuto ? nil : try cardPath(v)
            },
            ConfigurationKey("connector") { c, v throws(ValueProblem) in
                c.display.selection.connectorName = v.isAuto ? nil : try connectorName(v)
            },
            ConfigurationKey("mode") { c, v throws(ValueProblem) in
                guard !v.isAuto else {
                    c.display.selection.mode = nil
                    return
                }
                guard let mode = ModeRequest(parsing: try v.text("mode")) else {
                    throw ValueProblem("mode must be \"WxH\" or \"WxH@Hz\" such as \"1920x1080@60\", or \"auto\"")
                }
                c.display.selection.mode = mode
            },
            ConfigurationKey("rotation") { c, v throws(ValueProblem) in
                guard !v.isAuto else {
                    c.display.selection.rotation = nil
                    return
                }
                guard let degrees = v.integer, let rotation = DisplayRotation(rawValue: degrees) else {
                    throw ValueProblem(
                        "rotation must be 0, 90, 180 or 270 (degrees clockwise), or \"auto\" for the panel's own")
                }
                c.display.selection.rotation = rotation
            },
            ConfigurationKey("scale") { c, v throws(ValueProblem) in
                c.display.scale =
                    v.isAuto ? nil : try v.number("scale", in: DisplaySettings.scaleRange, unit: "pixels per point")
            },
            ConfigurationKey("format") { c, v throws(ValueProblem) in
                switch try v.text("format").lowercased() {
                case "auto": c.display.format = nil
                case "xrgb8888": c.display.format = .xrgb8888
                case "rgb565": c.display.format = .rgb565
                default: throw ValueProblem("format must be \"xrgb8888\", \"rgb565\" or \"auto\"")
                }
            },
            ConfigurationKey("scanout") { c, v throws(ValueProblem) in
                guard let setting = ScanoutSetting(rawValue: try v.text("scanout").lowercased()) else {
                    throw ValueProblem("scanout must be \"auto\", \"pan\" or \"compose\"")
                }
                c.display.scanout = setting
            },
        ])

    static let input = ConfigurationTable(
        name: "input",
        keys: [
            ConfigurationKey("seat") { c, v throws(ValueProblem) in
                let seat = try v.text("seat")
                guard !seat.isEmpty,
                    seat.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
                else { throw ValueProblem("seat must be a udev seat name such as \"seat0\"") }
                c.input.seat = seat
            },
            ConfigurationKey("calibration") { c, v throws(ValueProblem) in
                guard !v.isAuto else {
                    c.input.calibration = nil
                    return
                }
                let n = v.array?.compactMap(\.number) ?? []
                guard n.count == 6, v.array?.count == 6 else {
                    throw ValueProblem(
                        "calibration must be 6 numbers [a, b, c, d, e, f] (x' = a·x + b·y + c, y' = d·x + e·y + f, "
                            + "as LIBINPUT_CALIBRATION_MATRIX), or \"auto\"")
                }
                c.input.calibration = CalibrationMatrix(n[0], n[1], n[2], n[3], n[4], n[5])
            },
            ConfigurationKey("output") { c, v throws(ValueProblem) in
                c.input.output = v.isAuto ? nil : try connectorName(v)
            },
        ])

    static let carousel = ConfigurationTable(
        name: "carousel",
        keys: [
            length("top_inset", \.topInset), length("bottom_inset", \.bottomInset),
            length("horizontal_inset", \.horizontalInset), length("gap", \.gap),
            length("corner_radius", \.cornerRadius),
            ConfigurationKey("autoplay") { c, v throws(ValueProblem) in
                let s = try v.number("autoplay", in: 0...CarouselSettings.maximumAutoplaySeconds, unit: "seconds")
                c.carousel.autoplayInterval = s == 0 ? nil : .milliseconds(Int64((s * 1000).rounded()))
            },
            ConfigurationKey("sync") { c, v throws(ValueProblem) in
                let text = try v.text("sync")
                guard let sync = AutoplaySync(rawValue: text) else {
                    throw ValueProblem(
                        "sync must be "
                            + AutoplaySync.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
                }
                c.carousel.sync = sync
            },
            ConfigurationKey("background") { c, v throws(ValueProblem) in
                let text = try v.text("background")
                guard text.count == 7, let colour = Color(hex: text) else {
                    throw ValueProblem("background must be an opaque colour \"#RRGGBB\"")
                }
                c.carousel.background = colour
            },
            fonts("title_fonts", \.titleFonts), fonts("body_fonts", \.bodyFonts),
        ])

    static let content = ConfigurationTable(
        name: "content",
        keys: [
            ConfigurationKey("directory") { c, v throws(ValueProblem) in
                c.contentDirectory = try v.absolutePath("directory")
            }
        ])

    static let control = ConfigurationTable(
        name: "control",
        keys: [
            ConfigurationKey("socket") { c, v throws(ValueProblem) in
                let path = try v.absolutePath("socket")
                // sockaddr_un.sun_path holds 108 bytes with the terminating NUL (sys/un.h).
                guard path.utf8.count <= 107 else { throw ValueProblem("socket path is longer than 107 bytes") }
                c.controlSocketPath = path
            }
        ])

    static let metrics = ConfigurationTable(
        name: "metrics",
        keys: [
            ConfigurationKey("textfile") { c, v throws(ValueProblem) in
                if v.string == "off" {
                    c.metricsTextfile = nil
                    return
                }
                let path = try v.absolutePath("textfile")
                guard path.hasSuffix(".prom") else {
                    throw ValueProblem("textfile must end in .prom (node_exporter's textfile collector reads no other)")
                }
                c.metricsTextfile = path
            }
        ])

    static let proofOfPlay = ConfigurationTable(
        name: "proof_of_play",
        keys: [
            ConfigurationKey("directory") { c, v throws(ValueProblem) in
                c.proofOfPlayDirectory = v.string == "off" ? nil : try v.absolutePath("directory")
            },
            ConfigurationKey("keep_days") { c, v throws(ValueProblem) in
                let range = PlayLogFiles.keepDaysRange
                guard let days = v.integer, range.contains(days) else {
                    throw ValueProblem(
                        "keep_days must be a whole number of days from \(range.lowerBound) to \(range.upperBound)")
                }
                c.proofOfPlayKeepDays = days
            },
        ])

    static let cec = ConfigurationTable(
        name: "cec",
        keys: [
            ConfigurationKey("device") { c, v throws(ValueProblem) in c.cec.device = try .init(v, key: "device") },
            ConfigurationKey("osd_name") { c, v throws(ValueProblem) in
                let name = try v.text("osd_name")
                guard (1...CECSettings.osdNameLimit).contains(name.utf8.count),
                    name.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) })
                else {
                    throw ValueProblem(
                        "osd_name must be 1 to \(CECSettings.osdNameLimit) printable ASCII characters (CEC's limit)")
                }
                c.cec.osdName = name
            },
            ConfigurationKey("take_back") { c, v throws(ValueProblem) in
                guard let take = v.boolean else { throw ValueProblem("take_back must be true or false") }
                c.cec.takeBack = take
            },
        ])

    /// Read as a whole by `ScheduleReader` (on and off only make sense together); the setters do nothing.
    static let schedule = ConfigurationTable(
        name: "schedule", keys: ["on", "off", "days"].map { ConfigurationKey($0) { _, _ throws(ValueProblem) in } })

    /// Read as a whole by `ActionsReader`: its keys are the admin's action names.
    static let actions = ConfigurationTable(name: "actions", keys: [])

    private static func length(_ key: String, _ field: WritableKeyPath<CarouselSettings, Double> & Sendable)
        -> ConfigurationKey
    {
        ConfigurationKey(key) { c, v throws(ValueProblem) in
            c.carousel[keyPath: field] = try v.number(key, in: 0...1000, unit: "points")
        }
    }

    private static func fonts(_ key: String, _ field: WritableKeyPath<CarouselSettings, [String]> & Sendable)
        -> ConfigurationKey
    {
        ConfigurationKey(key) { c, v throws(ValueProblem) in
            let paths = try v.strings(key)
            guard !paths.isEmpty, paths.allSatisfy({ $0.hasPrefix("/") }) else {
                throw ValueProblem("\(key) must list one or more absolute font paths, first choice first")
            }
            c.carousel[keyPath: field] = paths
        }
    }

    /// `auto`, an absolute path, or `cardN` for `/dev/dri/cardN`.
    static func cardPath(_ v: TOMLValue) throws(ValueProblem) -> String {
        let text = try v.text("card")
        if text.hasPrefix("/") { return text }
        if text.hasPrefix("card"), text.count > 4, text.dropFirst(4).allSatisfy({ $0.isASCII && $0.isNumber }) {
            return "/dev/dri/" + text
        }
        throw ValueProblem("card must be \"auto\", a name such as \"card1\" or a path such as \"/dev/dri/card1\"")
    }

    /// A kernel connector name: a type, a dash and a number (`HDMI-A-1`, `DSI-1`, `Virtual-1`).
    static func connectorName(_ v: TOMLValue) throws(ValueProblem) -> String {
        let text = try v.text("connector")
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, !last.isEmpty, last.allSatisfy({ $0.isASCII && $0.isNumber }),
            parts.dropLast().allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else {
            throw ValueProblem(
                "connector must be a kernel connector name such as \"HDMI-A-1\", \"DSI-1\" or \"Virtual-1\" "
                    + "(see /sys/class/drm: card0-HDMI-A-1), or \"auto\"")
        }
        return text
    }
}

extension CECSettings.Device {
    /// `auto`, `off` or an adapter's absolute path, as `[cec] device` and `[[output]] cec` take it.
    init(_ value: TOMLValue, key: String) throws(ValueProblem) {
        switch try value.text(key) {
        case "auto": self = .auto
        case "off": self = .off
        default: self = .path(try value.absolutePath(key))
        }
    }
}
