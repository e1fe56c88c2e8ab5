import TOMLDecoding

/// Reads `[actions]`: each key names a program a banner may run on a tap (`action = "name"` in banners.toml), its
/// value the argv, the program's absolute path first, run without a shell. Only the admin's file can say what
/// runs: content names, never defines.
enum ActionsReader {
    /// Every valid action of `table`, and a problem for each invalid one (which no banner can then run).
    static func actions(from table: TOMLTable) -> (actions: [String: [String]], problems: [ValueProblem]) {
        var actions: [String: [String]] = [:]
        var problems: [ValueProblem] = []
        for key in table.keys {
            guard let value = table.values[key.name] else { continue }
            guard TOMLKey.isBare(key.name) else {
                problems.append(
                    ValueProblem(
                        "action name \(key.written): letters, digits, - and _ only, as banners.toml names it",
                        at: key.position))
                continue
            }
            do throws(ValueProblem) {
                actions[key.name] = try argv(value, key.name)
            } catch {
                problems.append(ValueProblem(error.message, at: error.position ?? value.position))
            }
        }
        return (actions, problems)
    }

    private static func argv(_ v: TOMLValue, _ name: String) throws(ValueProblem) -> [String] {
        let example = "e.g. \(name) = [\"/usr/local/bin/show-offer\", \"--fullscreen\"]"
        guard let elements = v.array, !elements.isEmpty else {
            throw ValueProblem(
                "action \(name) must be an array of strings, the program's absolute path first, \(example)")
        }
        var argv: [String] = []
        for element in elements {
            guard let s = element.string, !s.contains("\0") else {
                throw ValueProblem(
                    "action \(name): the elements must be strings without NUL characters", at: element.position)
            }
            argv.append(s)
        }
        guard argv[0].hasPrefix("/") else {
            throw ValueProblem(
                "action \(name): the program must be an absolute path (it runs without a shell or PATH), \(example)",
                at: elements[0].position)
        }
        return argv
    }
}
