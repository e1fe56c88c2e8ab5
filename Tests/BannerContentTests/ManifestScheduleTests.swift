import Testing
import WallClock

@testable import BannerContent

/// `start`, `end`, `days` and `hours` in banners.toml: read per banner over `[defaults]`, checked where written.
@Suite struct ManifestScheduleTests {
    private func read(_ text: String) -> (BannerList, [ContentProblem]) {
        let (banners, syntax, semantic) = ManifestReader.read(text, directory: "/c", path: "/c/banners.toml")
        return (banners, syntax + semantic)
    }

    static func localDay(_ y: Int, _ m: Int, _ d: Int) -> Int {
        CivilCalendar.dayNumber(year: y, month: m, day: d) * 86_400
    }

    @Test func everyKeyInABannerAndWhatDefaultsGive() throws {
        let (banners, problems) = read(
            """
            [defaults]
            hours = "07:00-11:30"
            [[banner]]
            title = "breakfast"
            days = ["mon-fri"]
            start = 2025-04-01
            end = 2025-05-01T00:00:00+02:00
            [[banner]]
            title = "late"
            hours = "22:00-02:00"
            days = ["fri", "sat"]
            start = 2025-04-01T18:00:00
            [[banner]]
            title = "always in the morning"
            """)
        #expect(problems.isEmpty, "\(problems)")
        try #require(banners.count == 3)
        let first = try #require(banners.schedule(at: 0))
        #expect(first.start == .local(seconds: Self.localDay(2025, 4, 1)))
        #expect(first.end == .utc(seconds: Self.localDay(2025, 4, 30) + 22 * 3600))
        #expect(first.window?.start.description == "07:00" && first.window?.end.description == "11:30")
        #expect(first.window?.days == Weekday.days(parsing: "mon-fri"))
        let late = try #require(banners[1].schedule)
        #expect(late.start == .local(seconds: Self.localDay(2025, 4, 1) + 18 * 3600) && late.end == nil)
        #expect(late.window?.start.description == "22:00" && late.window?.days == [.friday, .saturday])
        #expect(banners.schedule(at: 2)?.window?.days.count == 7 && banners.schedule(at: 2)?.start == nil)
    }

    @Test func withoutScheduleKeysABannerIsAlwaysShown() {
        let (banners, problems) = read("[[banner]]\ntitle = \"T\"\ndays = [\"mon-sun\"]\nhours = \"00:00-24:00\"\n")
        #expect(problems.isEmpty && banners.count == 1 && banners.schedule(at: 0) == nil)
    }

    @Test(arguments: [
        (#"hours = "25:00-26:00""#, 3, 9, "hours must be \"HH:MM-HH:MM\""),
        (#"hours = "07:00""#, 3, 9, "hours must be \"HH:MM-HH:MM\""),
        (#"days = ["weekdays"]"#, 3, 9, "days are names such as"),
        (#"start = "2025-04-01""#, 3, 9, "start must be a TOML date or date-time without quotes"),
        ("start = 2025-05-01\nend = 2025-04-01", 4, 7, "end must be after start"),
        ("end = 2025-04-01T08:00:00Z\nstart = 2025-04-01T10:00:00+02:00", 3, 7, "end must be after start"),
    ])
    func badValuesAreProblemsAtTheirValue(lines: String, row: Int, column: Int, message: String) {
        let (banners, problems) = read("[[banner]]\ntitle = \"T\"\n" + lines + "\n")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.line == row && problems.first?.column == column, "\(problems)")
        #expect(problems.first?.message.contains(message) == true, "\(problems)")
        #expect(banners.count == 1)  // shown without the schedule it could not read, as other bad values are
    }

    @Test func anEndBeforeTheDefaultStartIsBlamedOnTheBannersEnd() {
        let (_, problems) = read("[defaults]\nstart = 2025-05-01\n[[banner]]\ntitle = \"T\"\nend = 2025-04-01\n")
        #expect(problems.map(\.description) == ["/c/banners.toml:5:7: end must be after start"])
    }
}
