import CarouselEngine
import CarouselTrace
import Foundation
import Testing

@Suite struct GestureScriptTests {
    @Test func readsEventsSlotsCommentsAndOptionalUpPositions() throws {
        let script = try GestureScript(
            parsing: """
                # a two-finger touch
                0 down 100 200

                16.5 move 90 200   # trailing comment
                20 down 300 40 1
                33 up 80 200
                40 cancel 1
                """, file: "two.gesture")
        #expect(
            script.events == [
                .touchDown(slot: 0, position: PixelPoint(x: 100, y: 200), millimetres: nil, time: .zero),
                .touchMotion(
                    slot: 0, position: PixelPoint(x: 90, y: 200), millimetres: nil, time: .microseconds(16500)),
                .touchDown(slot: 1, position: PixelPoint(x: 300, y: 40), millimetres: nil, time: .milliseconds(20)),
                .touchMotion(slot: 0, position: PixelPoint(x: 80, y: 200), millimetres: nil, time: .milliseconds(33)),
                .touchUp(slot: 0, time: .milliseconds(33)),
                .touchCancel(slot: 1, time: .milliseconds(40)),
            ])
    }

    @Test(arguments: [
        ("0 down 1 2\n5 tap 1 1", "g:2: unknown kind `tap` (expected down, move, up or cancel)"),
        ("0 down 1", "g:1: `down` needs x and y"),
        ("x down 1 2", "g:1: time `x` is not a non-negative number of milliseconds"),
        ("-4 down 1 2", "g:1: time `-4` is not a non-negative number of milliseconds"),
        ("10 down 1 2\n5 up", "g:2: time 5 ms goes backwards"),
        ("0 move 1 y", "g:1: position `1 y` is not two numbers"),
        ("0 down 1 2 99", "g:1: slot `99` is not 0…63"),
        ("0 down 1 2 0 7", "g:1: too many fields (expected `t_ms kind x y [slot]`)"),
        ("\n\n0", "g:3: expected `t_ms kind x y [slot]`, found 1 field"),
        ("0 down nan 2", "g:1: position `nan 2` is not two numbers"),
        ("3600000.5 down 1 2", "g:1: time `3600000.5` is past a script's one-hour limit (3600000 ms)"),
    ])
    func errorsNameTheLine(text: String, message: String) {
        #expect(throws: GestureScript.ParseError.self) { try GestureScript(parsing: text, file: "g") }
        do {
            _ = try GestureScript(parsing: text, file: "g")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Found by `scripts/fuzz gesture` (input committed in FuzzCrashes/): a time of 5.3e96 ms overflowed
    /// `Duration`'s 64-bit nanoseconds and trapped.
    @Test func fuzzCrashHugeTimeIsAnError() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("FuzzCrashes/time-overflows-duration.gesture")
        let text = try String(contentsOf: file, encoding: .utf8)
        do {
            _ = try GestureScript(parsing: text, file: "g")
            Issue.record("a time past the limit was accepted")
        } catch {
            #expect(error.line == 2)
            #expect(error.message.hasSuffix("is past a script's one-hour limit (3600000 ms)"))
        }
        #expect(try GestureScript(parsing: "3600000 down 1 2", file: "g").events.count == 1)
    }
}

@Suite struct TraceRunnerTests {
    private func trace(_ text: String, banners: Int = 5, frames: Int? = nil) throws -> ([TraceRow], TraceSummary) {
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1)
        var runner = TraceRunner(
            carousel: Carousel(layout: layout, count: banners), script: try GestureScript(parsing: text, file: "t"))
        var rows: [TraceRow] = []
        let summary = runner.run(frames: frames ?? runner.defaultFrameCount) { row, _ in rows.append(row) }
        return (rows, summary)
    }

    @Test func aSwipeRotatesTheViewsOnceAndSettlesOnTheNextBanner() throws {
        let (rows, summary) = try trace(
            "0 down 600 240\n16 move 580 241\n33 move 540 242\n50 move 480 243\n66 move 410 244\n83 move 340 245\n100 up"
        )
        #expect(summary.finalIndex == 1)
        #expect(summary.taps == 0)
        #expect(summary.maxSwapJumpPixels == 0)
        #expect(summary.maxOvershootPoints <= 0.5)
        #expect(summary.settleMilliseconds > 0 && summary.settleMilliseconds <= 450)
        #expect(rows.first?.csv == "0,0.000,776.000,0,0,drag,4,0,1")
        // The strip offset moves back by one page exactly where the views rotate.
        let swap = try #require(rows.firstIndex { $0.page == 1 })
        let before = rows[swap - 1].stripOffset
        let after = rows[swap].stripOffset
        #expect(before <= 776 + 388 && after >= 776 - 388 && after < before)
        #expect(after + 776 > before)  // in absolute terms the position kept moving forwards
        #expect((rows[swap - 1].left, rows[swap - 1].center, rows[swap - 1].right) == (4, 0, 1))
        #expect((rows[swap].left, rows[swap].center, rows[swap].right) == (0, 1, 2))
        #expect(rows.last?.phase == .rest)
        #expect(rows.count == 97)
    }

    @Test func countsTapsAndMarksUnsettledEnds() throws {
        let (_, tap) = try trace("0 down 400 240\n50 up")
        #expect(tap.taps == 1)
        let (_, cut) = try trace("0 down 600 240\n20 move 300 240\n40 up", frames: 5)
        #expect(cut.settleMilliseconds == -1)
        #expect(cut.line.contains(" settle_ms=-1.000 "))
    }

    @Test func oneBannerHasNoEarsAndNoBannersShowNothing() throws {
        let (one, _) = try trace("0 down 600 240\n100 move 300 240\n150 up", banners: 1)
        #expect(one.allSatisfy { $0.left == nil && $0.right == nil && $0.center == 0 })
        #expect(one.last?.csv.hasSuffix(",0,0,rest,-,0,-") == true)
        let (none, summary) = try trace("0 down 600 240\n150 up", banners: 0)
        #expect(none.allSatisfy { $0.center == nil && $0.phase == .rest })
        #expect(summary.taps == 0)
    }
}
