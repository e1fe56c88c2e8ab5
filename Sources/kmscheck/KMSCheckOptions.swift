import DisplaySelection

/// kmscheck's command line.
struct KMSCheckOptions {
    var configuration = DisplayConfiguration()
    var bufferCount = 3
    var flips = 60
    var colour: UInt32 = 0x00_20_80_E0
    var holdFile: String?
    var inputSeconds = 0
    /// Input is echoed until this file exists, if that comes before `inputSeconds` are up.
    var inputUntilFile: String?
    var fbdevPath: String?
    var watchHotplugSeconds = 0
    var pan = false
    /// Every connected output of the card at once.
    var allOutputs = false
    /// Overlay planes blended over the test picture, captured by the CRTC's writeback connector and compared with
    /// bannerd's composition of the same layers.
    var blend = false
    /// With `blend`: a video to decode straight into the picture plane's buffers and play at rest.
    var video: String?

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return next
        }
        while let option = rest.popFirst() {
            switch option {
            case "--connector": configuration.connectorName = try value(option)
            case "--card": configuration.cardPath = try value(option)
            case "--mode":
                let text = try value(option)
                guard let mode = ModeRequest(parsing: text) else { throw UsageError(description: "bad mode \(text)") }
                configuration.mode = mode
            case "--rotation":
                let text = try value(option)
                guard let rotation = DisplayRotation(degrees: text) else {
                    throw UsageError(description: "bad rotation \(text)")
                }
                configuration.rotation = rotation
            case "--buffers": bufferCount = Int(try value(option)) ?? 3
            case "--flips": flips = Int(try value(option)) ?? 60
            case "--colour":
                let text = try value(option)
                guard let parsed = UInt32(text, radix: 16) else { throw UsageError(description: "bad colour \(text)") }
                colour = parsed
            case "--hold-file": holdFile = try value(option)
            case "--input-seconds": inputSeconds = Int(try value(option)) ?? 0
            case "--input-until": inputUntilFile = try value(option)
            case "--fbdev": fbdevPath = try value(option)
            case "--watch-hotplug": watchHotplugSeconds = Int(try value(option)) ?? 0
            case "--pan": pan = true
            case "--all-outputs": allOutputs = true
            case "--blend": blend = true
            case "--video": video = try value(option)
            default: throw UsageError(description: "unknown option \(option)")
            }
        }
    }
}
