import TOMLDecoding
import WallClock

extension Configuration {
    /// This configuration with every key present in `text` (the contents of `path`) applied over it; keys the
    /// file leaves out keep their current value, so files layer (defaults, board profile, /etc file).
    ///
    /// Throws every problem at once: syntax errors, unknown tables and keys, bad values, each at its
    /// `path:line:column`.
    public func applying(fileContents text: String, path: String) throws(ConfigurationError) -> Configuration {
        let document: TOMLDocument
        do throws(TOMLErrors) {
            document = try TOMLParser.document(text)
        } catch {
            throw ConfigurationError(error.errors.map { ConfigurationProblem(path: path, $0) })
        }
        var c = self
        var problems: [ConfigurationProblem] = []
        func report(_ position: TOMLPosition, _ message: String) {
            problems.append(ConfigurationProblem(path: path, TOMLSyntaxError(at: position, message)))
        }
        let tableList = (ConfigurationSchema.tables.map { "[\($0.name)]" } + ["[[\(OutputsReader.name)]]"])
            .joined(separator: ", ")
        // A table is a table however it is written: [display], display.rotation = 90 or display = {…}.
        for key in document.root.keys {
            guard let value = document.root.values[key.name] else { continue }
            if key.name == OutputsReader.name {
                let (outputs, bad) = OutputsReader.outputs(from: value)
                c.outputs = outputs
                for problem in bad { report(problem.position ?? value.position, problem.message) }
                continue
            }
            let schema = ConfigurationSchema.table(key.name)
            guard case .table(let table) = value.kind, let schema else {
                if case .array(let elements) = value.kind, let header = elements.first?.table?.header {
                    report(
                        value.position,
                        schema != nil
                            ? "\(header.written) is a single table; write [\(header.name)]"
                            : "unknown table \(header.written); bannerd.toml has \(tableList)")
                } else if value.table != nil {
                    report(value.position, "unknown table [\(key.written)]; bannerd.toml has \(tableList)")
                } else {
                    report(key.position, "key \"\(key.name)\" outside any table; keys go under one of \(tableList)")
                }
                continue
            }
            if schema.name == ConfigurationSchema.actions.name {
                let (actions, bad) = ActionsReader.actions(from: table)
                c.actions = actions
                for problem in bad { report(problem.position ?? value.position, problem.message) }
                continue
            }
            for key in table.keys {
                guard let value = table.values[key.name], let setting = schema.key(key.name) else {
                    report(key.position, "unknown key \"\(key.name)\" in [\(schema.name)]; allowed: \(schema.keyList)")
                    continue
                }
                do throws(ValueProblem) {
                    try setting.set(&c, value)
                } catch {
                    report(error.position ?? value.position, error.message)
                }
            }
            if schema.name == ConfigurationSchema.schedule.name {
                do throws(ValueProblem) {
                    c.schedule = try ScheduleReader.schedule(from: table)
                } catch {
                    report(error.position ?? value.position, error.message)
                }
            }
        }
        guard problems.isEmpty else {
            throw ConfigurationError(
                problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
        }
        return c
    }
}

/// Reads `[schedule]` as a whole: on and off only make sense together.
enum ScheduleReader {
    static func schedule(from table: TOMLTable) throws(ValueProblem) -> ScreenSchedule? {
        let on = try table.values["on"].map { v throws(ValueProblem) in try time(v, "on") }
        let off = try table.values["off"].map { v throws(ValueProblem) in try time(v, "off") }
        guard let on, let off else {
            if on == nil && off == nil && table.values["days"] == nil { return nil }  // an empty [schedule]
            throw ValueProblem("[schedule] needs both on and off, e.g. on = \"07:00\" and off = \"22:00\"")
        }
        var days = Set(Weekday.allCases)
        if let v = table.values["days"] {
            do throws(ScheduleValueError) {
                days = try ScheduleValues.days(v)
            } catch {
                throw ValueProblem(error)
            }
        }
        if on.minuteOfDay == 1440 {
            throw ValueProblem("on must be before 24:00", at: table.values["on"]?.position)
        }
        guard let schedule = ScreenSchedule(start: on, end: off, days: days) else {
            throw ValueProblem(
                "on and off are the same time; remove [schedule] to keep the screen on",
                at: table.values["off"]?.position)
        }
        return schedule
    }

    private static func time(_ v: TOMLValue, _ key: String) throws(ValueProblem) -> ClockTime {
        do throws(ScheduleValueError) {
            return try ScheduleValues.time(v, key: key)
        } catch {
            throw ValueProblem(error)
        }
    }
}
