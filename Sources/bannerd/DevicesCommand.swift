import CommandLineParsing
import DisplaySelection
import InputTranslation
import KMSDisplay
import LibinputSource

#if canImport(Glibc)
    import Glibc
#endif

/// `bannerd devices`: what bannerd can see, like `modetest` and `libinput list-devices` together.
struct DevicesCommand: BannerdCommand {
    static let spec = CommandSpec(
        name: "devices",
        abstract: "List DRM cards, connectors, modes and input devices as bannerd sees them.",
        options: [
            .value("seat", "The libinput seat to list input devices on.", default: "seat0"),
            .value("dri-directory", "The directory holding DRM card nodes.", default: "/dev/dri"),
        ])

    let seat: String
    let driDirectory: String

    init(_ options: ParsedOptions) throws(UsageError) {
        seat = try options.require("seat")
        driDirectory = try options.require("dri-directory")
    }

    func run() throws {
        let displaysListed = listDisplays()
        let inputsListed = listInputs()
        // A machine with nothing to show on is an error for scripts, but the listing above still printed.
        if !displaysListed || !inputsListed { throw ExitStatus(1) }
    }

    /// Prints every card; false when there is no card to list.
    private func listDisplays() -> Bool {
        let paths: [String]
        do {
            paths = try DRMCard.cardPaths(directory: driDirectory)
        } catch  where error.errno == ENOENT {
            printError("bannerd: no display devices: \(driDirectory) does not exist (no KMS driver loaded?)")
            return false
        } catch {
            printError("bannerd: no display devices: \(error)")
            return false
        }
        if paths.isEmpty {
            printError("bannerd: no display devices: \(driDirectory) has no card nodes")
            return false
        }
        for path in paths {
            do {
                let card = try DRMCard(path: path)
                print(DeviceListing.card(try card.resources()), terminator: "")
            } catch {
                print("\(path): \(error)")
            }
        }
        return true
    }

    /// Prints the seat's input devices; false when libinput cannot be set up.
    private func listInputs() -> Bool {
        do {
            let devices = try LibinputInput.listDevices(seat: seat)
            print(DeviceListing.inputs(devices, seat: seat), terminator: "")
            return true
        } catch {
            printError("bannerd: input devices: \(error)")
            return false
        }
    }

    private func printError(_ line: String) {
        var standardError = StandardError()
        print(line, to: &standardError)
    }
}
