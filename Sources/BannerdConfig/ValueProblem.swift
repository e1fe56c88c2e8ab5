import TOMLDecoding
import WallClock

/// What is wrong with one value; the reader adds the file and, unless given, the value's position.
struct ValueProblem: Error {
    var message: String
    var position: TOMLPosition?

    init(_ message: String, at position: TOMLPosition? = nil) {
        self.message = message
        self.position = position
    }

    /// A schedule value's problem, where it is.
    init(_ error: ScheduleValueError) {
        self.init(error.message, at: error.position)
    }
}

extension TOMLValue {
    /// True for the string `"auto"`: let bannerd choose from what the hardware reports.
    var isAuto: Bool { string == "auto" }

    func text(_ key: String) throws(ValueProblem) -> String {
        guard let s = string else { throw ValueProblem("\(key) must be a quoted string, not \(typeDescription)") }
        return s
    }

    func number(_ key: String, in range: ClosedRange<Double>, unit: String) throws(ValueProblem) -> Double {
        guard let n = number, range.contains(n) else {
            throw ValueProblem("\(key) must be a number of \(unit) \(range.spokenBounds)")
        }
        return n
    }

    func strings(_ key: String) throws(ValueProblem) -> [String] {
        guard let elements = array else {
            throw ValueProblem("\(key) must be an array of quoted strings, not \(typeDescription)")
        }
        var out: [String] = []
        for e in elements {
            guard let s = e.string else { throw ValueProblem("\(key) holds strings only", at: e.position) }
            out.append(s)
        }
        return out
    }

    func absolutePath(_ key: String) throws(ValueProblem) -> String {
        let s = try text(key)
        guard s.hasPrefix("/") else {
            throw ValueProblem("\(key) must be an absolute path (services start in /), e.g. \"/var/lib/bannerd\"")
        }
        return s
    }
}

extension ClosedRange<Double> {
    /// "from 0.5 to 8": the bounds as messages give them (16 rather than 16.0), in the file and on the command line.
    public var spokenBounds: String {
        func format(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }
        return "from \(format(lowerBound)) to \(format(upperBound))"
    }
}
