import DisplaySelection
import Testing

@Suite struct ModeTests {
    @Test func refreshComesFromTimings() {
        // 1920x1080@60 CEA: 148.5 MHz, 2200x1125.
        let cea = ModeInfo(
            clock: 148_500, hdisplay: 1920, hsyncStart: 2008, hsyncEnd: 2052, htotal: 2200, hskew: 0,
            vdisplay: 1080, vsyncStart: 1084, vsyncEnd: 1089, vtotal: 1125, vscan: 0, vrefresh: 60, flags: 5,
            type: 0x48, name: "1920x1080")
        #expect(cea.refreshMillihertz == 60_000)
        #expect(cea.isPreferred)
        #expect(cea.summary == "1920x1080@60.0")
    }

    @Test func interlaceDoublesAndDoubleScanHalves() {
        var interlaced = mode(1920, 1080, 60)
        let progressive = interlaced.refreshMillihertz
        interlaced.flags = ModeInfo.flagInterlace
        #expect(interlaced.refreshMillihertz == progressive.map { $0 * 2 })
        var doubled = mode(640, 480, 60)
        doubled.flags = ModeInfo.flagDoubleScan
        #expect(doubled.refreshMillihertz == mode(640, 480, 60).refreshMillihertz.map { ($0 + 1) / 2 })
    }

    @Test func zeroTimingsGiveNoRefresh() {
        var broken = mode(800, 480)
        broken.htotal = 0
        #expect(broken.refreshMillihertz == nil)
        broken = mode(800, 480)
        broken.clock = 0
        #expect(broken.refreshMillihertz == nil)
    }

    @Test(arguments: [
        ("1920x1080", ModeRequest(width: 1920, height: 1080)),
        ("800x480@60", ModeRequest(width: 800, height: 480, refreshHertz: 60)),
        ("1920x1080@59.94", ModeRequest(width: 1920, height: 1080, refreshHertz: 59.94)),
    ])
    func requestsParse(text: String, expected: ModeRequest) {
        #expect(ModeRequest(parsing: text) == expected)
    }

    @Test(arguments: [
        "", "1920", "1920x", "x1080", "0x480", "-1x5", "800x480@", "800x480@0", "800x480@x", "1x2x3",
        "800x480@60@60", "800x480@nan",
    ])
    func badRequestsAreRejected(text: String) {
        #expect(ModeRequest(parsing: text) == nil)
    }

    @Test func requestMatchesWithinHalfAHertz() {
        let request = ModeRequest(width: 1920, height: 1080, refreshHertz: 60)
        #expect(request.matches(mode(1920, 1080, 60)))
        #expect(!request.matches(mode(1920, 1080, 50)))
        #expect(!request.matches(mode(1280, 720, 60)))
        #expect(ModeRequest(width: 1920, height: 1080).matches(mode(1920, 1080, 50)))
        #expect(ModeRequest(parsing: "1920x1080@59.94")?.matches(mode(1920, 1080, 60)) == true)
        #expect(request.description == "1920x1080@60.0")
    }
}
