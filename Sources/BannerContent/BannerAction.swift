/// What a tap on a banner runs: the name of one of the admin's actions (`[actions]` in bannerd.toml, never a
/// program named by content) and string parameters, which reach the program in its environment only.
public struct BannerAction: Equatable, Sendable {
    /// One `name = "value"` of the banner's `parameters`.
    public struct Parameter: Equatable, Sendable {
        public var name: String
        public var value: String
    }

    /// The action's name in bannerd.toml's `[actions]`.
    public var name: String
    /// In the order written.
    public var parameters: [Parameter]

    public init(name: String, parameters: [Parameter] = []) {
        self.name = name
        self.parameters = parameters
    }

    /// The most parameters a banner may pass, and the longest name and value: an environment is small, and a
    /// content file must not be able to fill an action's.
    public static let maximumParameters = 16
    public static let maximumParameterNameBytes = 64
    public static let maximumParameterValueBytes = 4096

    /// Whether `name` can be a parameter's: an environment variable name's letters, digits and underscores,
    /// starting with a letter (it becomes `BANNERD_PARAM_` and the name in capitals).
    public static func isParameterName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= maximumParameterNameBytes else { return false }
        return (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
            && name.utf8.allSatisfy { byte in
                let lower = byte | 0x20
                return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
    }
}
