import DisplaySelection
import TOMLDecoding

/// One `[[output]]` table: a connector bannerd drives, and what it shows there unlike the others. A key left out is
/// `[display]`'s or `[content]`'s.
public struct OutputSettings: Equatable, Sendable {
    /// The connector's name (`HDMI-A-2`).
    public var connector: String
    /// Its own content directory; nil: `[content] directory`.
    public var contentDirectory: String?
    public var mode: ModeRequest?
    public var rotation: DisplayRotation?
    public var scale: Double?
    /// The touch device on this output's screen, by the name the kernel gives it (`bannerd devices` lists them),
    /// when udev binds it to none (its `WL_OUTPUT` property wins).
    public var touch: String?
    /// Its own HDMI-CEC adapter (`auto`, `off` or a path); nil: `[cec] device`'s, as `CECSettings` hands it out.
    public var cec: CECSettings.Device?

    public init(
        connector: String, contentDirectory: String? = nil, mode: ModeRequest? = nil,
        rotation: DisplayRotation? = nil, scale: Double? = nil, touch: String? = nil, cec: CECSettings.Device? = nil
    ) {
        self.connector = connector
        self.contentDirectory = contentDirectory
        self.mode = mode
        self.rotation = rotation
        self.scale = scale
        self.touch = touch
        self.cec = cec
    }
}

/// Reads `[[output]]`: each table's keys are `[display]`'s `connector`, `mode`, `rotation` and `scale` and
/// `[content]`'s `directory`, read as those tables read them, for that output alone, and its own `touch` and `cec`
/// (read as `[cec] device`, `auto` included: the adapter linked to this output's connector). A file's
/// list replaces an earlier layer's whole.
enum OutputsReader {
    static let name = "output"
    /// The keys an output takes, and the table whose reading of each it shares.
    static let keys = [
        ("connector", ConfigurationSchema.display), ("mode", ConfigurationSchema.display),
        ("rotation", ConfigurationSchema.display), ("scale", ConfigurationSchema.display),
        ("directory", ConfigurationSchema.content),
    ]
    /// The keys only an output has: its touch device's name, and its HDMI-CEC adapter.
    static let touchKey = "touch"
    static let cecKey = "cec"
    static var keyNames: [String] { keys.map(\.0) + [touchKey, cecKey] }
    static var keyList: String { keyNames.joined(separator: ", ") }

    /// The outputs of `value` (the `output` key of the document), and the problems, each at its position.
    static func outputs(from value: TOMLValue) -> (outputs: [OutputSettings], problems: [ValueProblem]) {
        guard case .array(let elements) = value.kind, elements.allSatisfy({ $0.table != nil }) else {
            return (
                [],
                [
                    ValueProblem(
                        "[output] is a list of tables: write [[output]], one for each connector", at: value.position)
                ]
            )
        }
        var outputs: [OutputSettings] = []
        var problems: [ValueProblem] = []
        for element in elements {
            guard let table = element.table else { continue }
            var read = Configuration()
            var touch: String?
            var cec: CECSettings.Device?
            var bad = false
            for key in table.keys {
                guard let value = table.values[key.name] else { continue }
                if key.name == touchKey {
                    do throws(ValueProblem) {
                        let name = try value.text(touchKey)
                        guard !name.isEmpty else {
                            throw ValueProblem("touch must name a device, as `bannerd devices` lists it")
                        }
                        touch = name
                    } catch {
                        problems.append(ValueProblem(error.message, at: error.position ?? value.position))
                        bad = true
                    }
                    continue
                }
                if key.name == cecKey {
                    do throws(ValueProblem) {
                        cec = try CECSettings.Device(value, key: cecKey)
                    } catch {
                        problems.append(ValueProblem(error.message, at: error.position ?? value.position))
                        bad = true
                    }
                    continue
                }
                guard let schema = keys.first(where: { $0.0 == key.name })?.1, let setting = schema.key(key.name)
                else {
                    problems.append(
                        ValueProblem("unknown key \"\(key.name)\" in [[output]]; allowed: \(keyList)", at: key.position)
                    )
                    bad = true
                    continue
                }
                if value.string == "auto" {
                    problems.append(
                        ValueProblem(
                            "\(key.name) = \"auto\" in [[output]]: leave the key out to take [\(schema.name)]'s",
                            at: value.position))
                    bad = true
                    continue
                }
                do throws(ValueProblem) {
                    try setting.set(&read, value)
                } catch {
                    problems.append(ValueProblem(error.message, at: error.position ?? value.position))
                    bad = true
                }
            }
            guard let connector = read.display.selection.connectorName else {
                if !bad {
                    problems.append(
                        ValueProblem(
                            "[[output]] needs a connector, e.g. connector = \"HDMI-A-2\"", at: element.position))
                }
                continue
            }
            if outputs.contains(where: { $0.connector == connector }) {
                problems.append(
                    ValueProblem(
                        "connector \(connector) has two [[output]] tables",
                        at: table.values["connector"]?.position ?? element.position))
                continue
            }
            guard !bad else { continue }
            outputs.append(
                OutputSettings(
                    connector: connector,
                    contentDirectory: table.values["directory"] == nil ? nil : read.contentDirectory,
                    mode: read.display.selection.mode, rotation: read.display.selection.rotation,
                    scale: read.display.scale, touch: touch, cec: cec))
        }
        return (outputs, problems)
    }
}
