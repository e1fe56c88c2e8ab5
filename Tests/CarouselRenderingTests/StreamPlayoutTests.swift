import Raster
import Testing

@testable import CarouselRendering

/// The frames of a streamed animation between the threads that draw them and the loop that shows them.
@Suite struct StreamPlayoutTests {
    static func frame(_ n: Int, banner: Int = 0) -> DrawnFrame {
        DrawnFrame(
            banner: banner, frame: n,
            picture: .sprite(Sprite(Bitmap(width: 1, height: 1, color: .white), rotation: .none)))
    }

    @Test func aFrameDueIsShownOnceDrawnAndALateOneStaysAskedFor() {
        var streams = StreamPlayout()
        #expect(streams.wanted(0, due: 0, count: 6) == [1, 2])
        // Due before it was drawn: late, counted once, and still asked for first.
        let shownLate = [streams.show(0, due: 1, count: 6), streams.show(0, due: 1, count: 6)]
        #expect(shownLate == [false, false])
        #expect(streams.counts == StreamCounts(late: 1) && streams.sprite(of: 0) == nil)
        #expect(streams.wanted(0, due: 1, count: 6) == [1, 2, 3])
        streams.add(Self.frame(1))
        streams.add(Self.frame(2))
        let shownInTime = streams.show(0, due: 1, count: 6)
        #expect(shownInTime && streams.sprite(of: 0) != nil)
        #expect(!streams.add(Self.frame(1)) && !streams.add(Self.frame(2)), "shown, or here already: not again")
        #expect(streams.wanted(0, due: 1, count: 6) == [3])
        // Frame 5 of 6 due: the loop's next frames are 0 (the picture's own) and 1.
        streams.add(Self.frame(5))
        let shownLast = streams.show(0, due: 5, count: 6)
        #expect(shownLast)
        #expect(streams.wanted(0, due: 5, count: 6) == [1])
        #expect(!streams.has(0, frame: 2), "a frame behind the one due is dropped")
        let shownFirst = streams.show(0, due: 0, count: 6)
        #expect(shownFirst && streams.sprite(of: 0) == nil)
        // Drawn: 1, 2 and 5; shown: 1 and 5; 2 dropped when 5 fell due first; 1 late.
        #expect(streams.takeCounts() == StreamCounts(drawn: 3, shown: 2, dropped: 1, late: 1))
        #expect(streams.counts == StreamCounts())
    }

    /// A board too slow for the file's rate: a frame that comes late but newer than the one shown is shown (the
    /// picture moves on, at a lower rate, rather than standing still), and the loop draws when it comes.
    @Test func aLateFrameNewerThanTheOneShownIsShown() {
        var streams = StreamPlayout()
        let notDrawn = streams.show(0, due: 1, count: 40)
        #expect(!notDrawn)  // not drawn yet: late
        streams.add(Self.frame(1))
        streams.add(Self.frame(2))
        #expect(streams.shows(Self.frame(2), due: 4, count: 40) && !streams.shows(Self.frame(5), due: 4, count: 40))
        // Frame 4 due; 1 and 2 came after their time: 2 shows (the newest), 1 is dropped.
        let newest = streams.show(0, due: 4, count: 40)
        #expect(newest && streams.wanted(0, due: 4, count: 40) == [4, 5, 6])
        #expect(!streams.shows(Self.frame(1), due: 4, count: 40), "behind the one shown")
        streams.add(Self.frame(4))
        let inTime = streams.show(0, due: 4, count: 40)
        #expect(inTime)
        // Drawn 1, 2, 4; shown 2, 4; 1 dropped; late: 1 and 4 (once each).
        #expect(streams.takeCounts() == StreamCounts(drawn: 3, shown: 2, dropped: 1, late: 2))
    }
}
