import Testing

@testable import TOMLSubset

@Suite struct TOMLParserTests {
    static let sample = """
        # top comment
        name = "root"
        [display]
        connector = "HDMI-A-1"   # trailing comment
        rotation = 90
        scale = 1.5
        big = 1_000
        negative = -3
        enabled = true
        off = false
        path = 'C:\\fonts\\a.ttf'
        [ input ]
        calibration = [0, -1, 1, 1, 0.5, 0]
        fonts = ["a.ttf", 'b.ttf',]
        empty = []
        [[banner]]
        id = "a"
        [[banner]]
        id = "b"
        """

    @Test func readsEveryValueTypeWithPositions() throws {
        let doc = try TOMLParser.document(Self.sample)
        #expect(doc.root.values["name"]?.string == "root")
        let display = try #require(doc.tables(named: "display").first)
        #expect(
            display.keys.map(\.name) == ["connector", "rotation", "scale", "big", "negative", "enabled", "off", "path"])
        #expect(display.values["connector"] == TOMLValue(.string("HDMI-A-1"), at: TOMLPosition(line: 4, column: 13)))
        #expect(display.keys.first?.position == TOMLPosition(line: 4, column: 1))
        #expect(display.values["rotation"]?.kind == .integer(90))
        #expect(display.values["scale"]?.kind == .decimal(1.5))
        #expect(display.values["big"]?.integer == 1000)
        #expect(display.values["negative"]?.number == -3)
        #expect(display.values["enabled"]?.boolean == true && display.values["off"]?.boolean == false)
        #expect(display.values["path"]?.string == "C:\\fonts\\a.ttf")
        #expect(display.header?.position == TOMLPosition(line: 3, column: 1) && display.line == 3)
        let input = try #require(doc.tables(named: "input").first)
        let calibration = try #require(input.values["calibration"]?.array)
        #expect(calibration.compactMap(\.number) == [0, -1, 1, 1, 0.5, 0])
        #expect(calibration[4].position == TOMLPosition(line: 13, column: 29))
        #expect(input.values["fonts"]?.array?.compactMap(\.string) == ["a.ttf", "b.ttf"])
        #expect(input.values["empty"]?.array == [])
        #expect(doc.tables(named: "banner").map { $0.values["id"]?.string } == ["a", "b"])
        #expect(doc.tables.count == 4)
    }

    /// One bad line after a header, where the error points, and what it says.
    @Test(arguments: [
        ("x = \"open", 2, 5, "unterminated string"),
        ("x = 'open", 2, 5, "unterminated string"),
        ("x = 5s", 2, 5, "not a number: 5s"),
        ("x = 99999999999999999999", 2, 5, "integer out of range"),
        ("x = .5", 2, 5, "expected a value"),
        ("x = 0x10", 2, 5, "not a number: 0x10"),
        ("x = +inf", 2, 5, "not a number: +inf"),
        ("x = 1e999", 2, 5, "not a number: 1e999"),
        ("x = 1.", 2, 5, "not a number"),
        ("x = yes", 2, 5, "expected a value"),
        ("x = tru", 2, 5, "expected a value"),
        ("x =", 2, 4, "missing value"),
        ("= 1", 2, 1, "expected a key"),
        ("x 1", 2, 3, "expected '='"),
        ("x = 1 y = 2", 2, 7, "one key per line"),
        ("x = \"a\\q\"", 2, 7, "unknown escape \\q"),
        ("x = \"\\u12\"", 2, 6, "bad \\u escape"),
        ("x = {a = 1}", 2, 5, "inline tables are not supported"),
        ("x = [1, 2", 2, 5, "unterminated array"),
        ("x = [1, 2 # no", 2, 5, "unterminated array"),
        ("x = [1 2]", 2, 8, "expected ',' or ']'"),
        ("x = [1, \"a\"]", 2, 9, "only strings or only numbers"),
        ("x = [[1]]", 2, 6, "arrays inside arrays"),
        ("x = [true]", 2, 6, "only strings or only numbers"),
        ("[a.b]", 2, 3, "bare keys such as [display]"),
        ("[\"a\"]", 2, 2, "bare keys such as [display]"),
        ("[a", 2, 1, "unclosed table header"),
        ("[[a]", 2, 1, "unclosed table header"),
        ("[t]", 2, 1, "table [t] is defined twice (first on line 1)"),
        ("[[t]]", 2, 1, "[[t]] clashes with [t] on line 1"),
    ])
    func errorsNameLineAndColumn(line: String, row: Int, column: Int, message: String) {
        #expect(throws: TOMLErrors.self) { try TOMLParser.document("[t]\n" + line + "\n") }
        do {
            _ = try TOMLParser.document("[t]\n" + line + "\n")
        } catch {
            #expect(error.errors.count == 1, "\(error.errors)")
            let e = error.errors.first
            #expect(e?.position == TOMLPosition(line: row, column: column), "\(String(describing: e))")
            #expect(e?.message.contains(message) == true, "\(String(describing: e))")
        }
    }

    @Test func everyErrorIsReportedInFileOrderAndKeysUnderARejectedHeaderAreDropped() {
        let text = "[a]\nx = 1\nx = 2\n[a]\nx = 3\ny = !\n[b]\nz = [\n"
        do {
            _ = try TOMLParser.document(text)
            Issue.record("expected errors")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    "3:1: duplicate key \"x\"",
                    "4:1: table [a] is defined twice (first on line 1)",
                    "6:5: expected a value: a \"quoted string\", a number, true, false or [an, array]",
                    "8:5: unterminated array; write the whole array on one line",
                ])
        }
    }

    @Test func restrictedDialectRejectsBooleansAndArraysWithItsName() {
        let dialect = TOMLDialect(documentName: "banners.toml", allowsBooleans: false, allowsArrays: false)
        let (statements, errors) = TOMLParser.statements("a = true\nb = [1]\nc = 2\n", dialect: dialect)
        #expect(
            errors.map(\.description) == [
                "1:5: expected a value: a \"quoted string\" or a number",
                "2:5: arrays and inline tables are not used in banners.toml",
            ])
        #expect(statements.count == 1)
        let booleansOnly = TOMLDialect(documentName: "x", allowsArrays: false)
        #expect(
            TOMLParser.statements("a = [1]", dialect: booleansOnly).errors.first?.message.contains("arrays") == true)
        let arraysOnly = TOMLDialect(documentName: "x", allowsBooleans: false)
        #expect(TOMLParser.statements("a = [1]", dialect: arraysOnly).errors.isEmpty)
        #expect(
            TOMLParser.statements("a = false", dialect: arraysOnly).errors.first?.message.contains("[an, array]")
                == true)
    }

    @Test func crlfBlankLinesCommentsAndUnicodeColumns() throws {
        let doc = try TOMLParser.document("\r\n# c\r\n[t]\r\n\t x = 1\r\nk = \"é\" \r\n")
        let t = try #require(doc.tables.first)
        #expect(t.values["k"]?.string == "é" && t.values["k"]?.position == TOMLPosition(line: 5, column: 5))
        let bad = TOMLParser.statements("k = \"é\" x")
        #expect(bad.errors.first?.position == TOMLPosition(line: 1, column: 9))
    }

    @Test func valueAccessorsAndTypeNames() {
        let p = TOMLPosition(line: 1, column: 1)
        let values: [TOMLValue] = [
            TOMLValue(.string("s"), at: p), TOMLValue(.integer(1), at: p), TOMLValue(.decimal(0.5), at: p),
            TOMLValue(.boolean(true), at: p), TOMLValue(.array([]), at: p),
        ]
        #expect(
            values.map(\.typeDescription) == ["a string", "an integer", "a decimal number", "a boolean", "an array"])
        #expect(values.map { $0.number != nil } == [false, true, true, false, false])
        #expect(values.map { $0.string != nil } == [true, false, false, false, false])
        #expect(values.map { $0.integer != nil } == [false, true, false, false, false])
        #expect(values.map { $0.boolean != nil } == [false, false, false, true, false])
        #expect(values.map { $0.array != nil } == [false, false, false, false, true])
        #expect(TOMLHeader(name: "b", isArray: true, position: p).written == "[[b]]")
        #expect(TOMLPosition(line: 2, column: 1) > TOMLPosition(line: 1, column: 9))
    }
}
