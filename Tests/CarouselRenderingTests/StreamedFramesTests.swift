import Raster
import Testing

@testable import CarouselRendering

/// The frames of a streamed animation between the threads that draw them and the loop that shows them.
@Suite struct StreamedFramesTests {
    static func frame(_ n: Int, banner: Int = 0) -> StreamedFrame {
        StreamedFrame(
            banner: banner, frame: n, sprite: Sprite(Bitmap(width: 1, height: 1, color: .white), rotation: .none))
    }

    @Test func aFrameDueIsShownOnceDrawnAndALateOneStaysAskedFor() {
        var streams = StreamedFrames()
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
    /// picture moves on, at a lower rate, rather than standing still), and the requests run ahead by as many frames
    /// as it came late, so the next frames come at their time; frames in time bring the lead back down.
    @Test func aLateFrameNewerThanTheOneShownIsShownAndTheRequestsRunAhead() {
        var streams = StreamedFrames()
        #expect(streams.wanted(0, due: 0, count: 40) == [1, 2])
        let notDrawn = streams.show(0, due: 1, count: 40)
        #expect(!notDrawn)  // not drawn yet: late
        // The first frame after the picture's own came late (its time includes opening the decoder): no lead.
        streams.add(Self.frame(1))
        let first = streams.show(0, due: 2, count: 40)
        #expect(first && streams.lead == nil)
        streams.add(Self.frame(2))
        streams.add(Self.frame(3))
        // Frame 5 due; 2 and 3 came after their time: 3 shows (the newest), 2 is dropped, and the requests begin
        // two frames after the one due.
        let newest = streams.show(0, due: 5, count: 40)
        #expect(newest && streams.lead?.frames == 2)
        #expect(streams.wanted(0, due: 5, count: 40) == [7, 8, 9])
        streams.add(Self.frame(7))
        streams.add(Self.frame(8))
        let six = streams.show(0, due: 6, count: 40)
        #expect(!six, "6 was never asked for: 3 stays")
        let seven = streams.show(0, due: 7, count: 40)
        #expect(seven && streams.lead?.frames == 1, "in time: the lead comes down")
        let eight = streams.show(0, due: 8, count: 40)
        #expect(eight && streams.lead?.frames == 0)
        #expect(streams.wanted(0, due: 8, count: 40) == [9, 10])
        // Drawn 1, 2, 3, 7, 8; shown 1, 3, 7, 8; 2 dropped; late: 1, 2, 5 and 6.
        #expect(streams.takeCounts() == StreamCounts(drawn: 5, shown: 4, dropped: 1, late: 4))
        // Half a loop at most: in a loop of 8, two frames ahead (and the window of two after them).
        streams.add(Self.frame(1, banner: 1))
        streams.show(1, due: 1, count: 8)
        streams.add(Self.frame(2, banner: 1))
        let shownLate = streams.show(1, due: 7, count: 8)
        #expect(shownLate && streams.lead?.frames == 5)
        // From 7 + 2, round the loop: 1 and 3; not 2 (shown).
        #expect(streams.wanted(1, due: 7, count: 8) == [1, 3])
    }
}
