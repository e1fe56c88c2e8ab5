import Testing

@testable import TOMLDecoding

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
        #expect(display.values["scale"]?.kind == .float(1.5))
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
        #expect(doc.root.keys.map(\.name) == ["name", "display", "input", "banner"])
    }

    /// What the old line-based reader refused, as tomli_w, tomlkit and people write it.
    @Test func readsTheRestOfTOML() throws {
        let text = #"""
            \#u{FEFF}title = """
            two \
              lines"""
            raw = '''
            C:\x'''
            "quoted key" = 0x1F
            site.name = "shop"
            site."port" = 0o17
            margins = { top = 8, left.value = 0b101 }
            mixed = [
                1,   # comment
                "two",
                [3.0e2, inf],
                { four = 4 },
            ]
            [a.b]
            when = 1979-05-27 07:32:00.5-07:00
            [[a.list]]
            day = 1979-05-27
            [[a.list]]
            at = 07:32:00
            local = 1979-05-27T07:32:00
            """#
        let root = try TOMLParser.document(text).root
        #expect(root.values["title"]?.string == "two lines")
        #expect(root.values["raw"]?.string == "C:\\x")
        #expect(root.values["quoted key"]?.integer == 31)
        let site = try #require(root.values["site"]?.table)
        #expect(site.values["name"]?.string == "shop" && site.values["port"]?.integer == 15)
        #expect(site.values["port"]?.position == TOMLPosition(line: 8, column: 15))
        let margins = try #require(root.values["margins"]?.table)
        #expect(margins.values["left"]?.table?.values["value"]?.integer == 5)
        let mixed = try #require(root.values["mixed"]?.array)
        #expect(mixed.count == 4 && mixed[1].string == "two" && mixed[1].position == TOMLPosition(line: 12, column: 5))
        #expect(mixed[2].array?.compactMap(\.number) == [300, .infinity])
        #expect(mixed[3].table?.values["four"]?.integer == 4)
        let b = try #require(root.values["a"]?.table?.values["b"]?.table)
        #expect(b.values["when"]?.dateTime?.description == "1979-05-27T07:32:00.5-07:00")
        #expect(b.header?.name == "a.b")
        let list = try #require(root.values["a"]?.table?.values["list"]?.array)
        #expect(list.map { $0.table?.header?.written } == ["[[a.list]]", "[[a.list]]"])
        #expect(list[0].table?.values["day"]?.dateTime?.description == "1979-05-27")
        #expect(list[1].table?.values["at"]?.dateTime?.description == "07:32:00")
        #expect(list[1].table?.values["local"]?.dateTime?.description == "1979-05-27T07:32:00")
    }

    /// One bad line after a header, where the error points, and what it says.
    @Test(arguments: [
        (#"x = "open"#, 2, 5, "unterminated string"),
        ("x = 'open", 2, 5, "unterminated string"),
        ("x = 5s", 2, 5, "not a number: 5s"),
        ("x = 99999999999999999999", 2, 5, "integer out of range"),
        ("x = 0x8000000000000000", 2, 5, "integer out of range"),
        ("x = .5", 2, 5, "not a number: .5"),
        ("x = 01", 2, 5, "leading zeros"),
        ("x = 1__0", 2, 5, "not a number"),
        ("x = +0x10", 2, 5, "takes no sign"),
        ("x = 1e999", 2, 5, "float out of range"),
        ("x = 1.", 2, 5, "a decimal point needs digits"),
        ("x = 1e", 2, 5, "an exponent needs digits"),
        ("x = 1979-02-29", 2, 5, "not a valid date"),
        ("x = 24:00:00", 2, 5, "not a valid date or time"),
        ("x = yes", 2, 5, "not a number: yes"),
        ("x = @", 2, 5, "expected a value"),
        ("x =", 2, 4, "missing value"),
        ("= 1", 2, 1, "expected a key"),
        ("x 1", 2, 3, "expected '='"),
        ("x = 1 y = 2", 2, 7, "one key per line"),
        (#"x = "a\q""#, 2, 7, #"unknown escape \q"#),
        (#"x = "\u12""#, 2, 6, #"\u takes 4 hex digits"#),
        (#"x = "\uD800""#, 2, 6, "not a Unicode scalar value"),
        ("x = \"tab\u{01}\"", 2, 9, "control character U+0001"),
        ("x = '''a''''''", 2, 9, "too many quotes"),
        ("x = {a = 1,}", 2, 12, "no trailing comma"),
        ("x = {a = 1", 2, 5, "unterminated inline table"),
        ("x = {a = 1, a = 2}", 2, 13, #"duplicate key "a""#),
        ("x = {a = {b = 1}, a.c = 2}", 2, 19, "a dotted key cannot add to it"),
        ("x = [1, 2", 2, 5, "unterminated array"),
        ("x = [1 2]", 2, 8, "expected ',' or ']'"),
        ("x.y = 1\nx = 2", 3, 1, #"duplicate key "x" (first on line 2)"#),
        ("[a", 2, 1, "unclosed table header"),
        ("[[a]", 2, 1, "unclosed table header"),
        ("[t]", 2, 1, "table [t] is defined twice (first on line 1)"),
        ("[[t]]", 2, 1, "[[t]] clashes with [t] on line 1"),
        ("a.b = 1\n[t.a]", 3, 1, "table [t.a] was already defined by dotted keys on line 2"),
        ("a = [1]\n[[t.a]]", 3, 1, #"[[t.a]] redefines key "a""#),
        ("a = {}\n[t.a.b]", 3, 1, #"[t.a.b] reaches into key "a""#),
        ("[t.x.y]\n[t]", 3, 1, "table [t] is defined twice"),
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
        let text = #"""
            [a]
            x = 1
            x = 2
            [a]
            x = 3
            y = !
            z = [
              1,
              oops,
              3,
            ]
            s = "bad \q and \w"
            [b.c
            q = 1
            [b]
            q = 1
            q = 2
            """#
        do {
            _ = try TOMLParser.document(text)
            Issue.record("expected errors")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    #"3:1: duplicate key "x" (first on line 2)"#,
                    "4:1: table [a] is defined twice (first on line 1)",
                    "6:5: " + TOMLScanner.valueHint,
                    "9:3: not a number: oops",
                    #"12:10: unknown escape \q in a string"#,
                    #"12:17: unknown escape \w in a string"#,
                    "13:1: unclosed table header; end it with ]",
                    #"17:1: duplicate key "q" (first on line 16)"#,
                ])
        }
    }

    @Test func aBrokenArrayIsReportedOnceAndReadingResumesAfterIt() {
        let (statements, errors) = TOMLParser.statements("a = [\n  1,\n  2 3,\n  4,\n]\nb = 2\n")
        #expect(errors.map(\.description) == ["3:5: expected ',' or ']' in the array"])
        #expect(statements.count == 1)
    }

    @Test func invalidUTF8IsRejectedAtItsByte() {
        let bytes: [UInt8] = Array("a = \"ok\"\n# c \u{E9}\nb = \"".utf8) + [0xC3, 0x28, 0x22, 0x0A]
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(TOMLErrors) in try TOMLParser.document(utf8: buffer) }
        }
        guard case .failure(let failure) = result else {
            Issue.record("invalid UTF-8 accepted")
            return
        }
        #expect(failure.errors.map(\.description) == ["3:6: invalid UTF-8 (byte 0xC3)"])
    }

    /// A long array of tables is checked in one pass, the rules forgetting each element at the next.
    @Test func manyTablesReadInOnePass() {
        var text = ""
        for i in 0..<10_000 { text += "[[banner]]\nid = \"b\(i)\"\ntitle.text = \"x\"\n" }
        var count = 0
        TOMLParser.forEachStatement(in: text) { result in
            if case .success = result { count += 1 }
        }
        #expect(count == 30_000)
    }

    @Test func crlfBlankLinesCommentsAndUnicodeColumns() throws {
        let doc = try TOMLParser.document("\r\n# c\r\n[t]\r\n\t x = 1\r\nk = \"é\" \r\n")
        let t = try #require(doc.tables(named: "t").first)
        #expect(t.values["k"]?.string == "é" && t.values["k"]?.position == TOMLPosition(line: 5, column: 5))
        let bad = TOMLParser.statements("k = \"é\" x")
        #expect(bad.errors.first?.position == TOMLPosition(line: 1, column: 9))
    }

    @Test func valueAccessorsAndTypeNames() {
        let p = TOMLPosition(line: 1, column: 1)
        let values: [TOMLValue] = [
            TOMLValue(.string("s"), at: p), TOMLValue(.integer(1), at: p), TOMLValue(.float(0.5), at: p),
            TOMLValue(.boolean(true), at: p), TOMLValue(.array([]), at: p),
            TOMLValue(.dateTime(TOMLDateTime(date: nil, time: .init(hour: 1, minute: 2, second: 3))), at: p),
            TOMLValue(.table(TOMLTable(header: nil)), at: p),
        ]
        #expect(
            values.map(\.typeDescription) == [
                "a string", "an integer", "a float", "a boolean", "an array", "a date or time", "a table",
            ])
        #expect(values.map { $0.number != nil } == [false, true, true, false, false, false, false])
        #expect(values.map { $0.string != nil } == [true, false, false, false, false, false, false])
        #expect(values.map { $0.integer != nil } == [false, true, false, false, false, false, false])
        #expect(values.map { $0.boolean != nil } == [false, false, false, true, false, false, false])
        #expect(values.map { $0.array != nil } == [false, false, false, false, true, false, false])
        #expect(values.map { $0.dateTime != nil } == [false, false, false, false, false, true, false])
        #expect(values.map { $0.table != nil } == [false, false, false, false, false, false, true])
        let keys = [TOMLKey(name: "b", position: p), TOMLKey(name: "c.d", position: p)]
        #expect(TOMLHeader(keys: keys, isArray: true, position: p).written == #"[[b."c.d"]]"#)
        #expect(TOMLPosition(line: 2, column: 1) > TOMLPosition(line: 1, column: 9))
    }
}
