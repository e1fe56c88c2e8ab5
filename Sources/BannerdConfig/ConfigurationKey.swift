import TOMLDecoding

/// One key of a table in bannerd.toml: its name and how its value changes the configuration.
struct ConfigurationKey: Sendable {
    typealias Setter = @Sendable (inout Configuration, TOMLValue) throws(ValueProblem) -> Void

    let name: String
    let set: Setter

    init(_ name: String, _ set: @escaping Setter) {
        self.name = name
        self.set = set
    }
}

/// One table of bannerd.toml and its keys, in the order the example file documents them.
struct ConfigurationTable: Sendable {
    let name: String
    let keys: [ConfigurationKey]

    func key(_ name: String) -> ConfigurationKey? { keys.first { $0.name == name } }

    /// For messages: `card, connector, mode`.
    var keyList: String { keys.map(\.name).joined(separator: ", ") }
}
