import CarouselEngine
import Testing

@Suite struct FramePacerTests {
    let step = FramePacer.step

    @Test func aSixtyHertzClockGivesOneStepPerTick() {
        var pacer = FramePacer()
        var total = 0
        for tick in 0..<600 {
            let steps = pacer.steps(at: step * tick)
            #expect(steps.count == 1)
            total += steps.count
        }
        #expect(total == 600)
    }

    @Test func flipsFasterThanTheStepGiveNoExtraSteps() {
        // bochs completes page flips at about 2 kHz: only every ~33rd completion is a physics step.
        var pacer = FramePacer()
        var total = 0
        for tick in 0...2000 { total += pacer.steps(at: .microseconds(500 * tick)).count }
        #expect(total == 61)  // one at the start, then one per 1/60 s over one second
    }

    @Test func aSlowerClockCatchesUpAFewStepsAtMost() {
        var pacer = FramePacer(maxCatchUpSteps: 4)
        _ = pacer.steps(at: .zero)
        let thirty = pacer.steps(at: step * 2)
        #expect(thirty.count == 2)
        #expect(thirty.time(0) == step && thirty.time(1) == step * 2)
        let stall = pacer.steps(at: .seconds(1) + step * 2)
        #expect(stall.count == 4)
        #expect(stall.last == step * 62)
        #expect(stall.time(0) == step * 59)
        #expect(pacer.nextStepTime == step * 63)
    }

    @Test func idleStopsWakeUpsAndTheNextTickStartsAFreshGrid() {
        var pacer = FramePacer()
        _ = pacer.steps(at: .zero)
        pacer.idle()
        #expect(pacer.nextStepTime == nil)
        let resumed = pacer.steps(at: .seconds(42) + .milliseconds(3))
        #expect(resumed.count == 1 && resumed.last == .seconds(42) + .milliseconds(3))
        #expect(pacer.steps(at: .seconds(42) + .milliseconds(10)).count == 0)
    }

    @Test func blanksLeadTheGridEvenWhenTheirEventComesBeforeTheirTimeStamp() {
        var pacer = FramePacer()
        _ = pacer.steps(at: .zero)
        let period = Duration.nanoseconds(16_683_350)  // 59.94 Hz
        let early = Duration.microseconds(800)  // the event comes during the blank, stamped at its end
        for n in 1...120 {
            let blank = period * n
            let steps = pacer.steps(at: blank - early, blank: blank)
            #expect(steps.count == 1 && steps.last == blank - early, "blank \(n)")
            #expect(pacer.lastStep == blank && pacer.onBlanks)
        }
        // A time stamp further ahead than the tolerance is no blank of this wake-up.
        let far = period * 121 + FramePacer.blankTolerance * 2
        #expect(pacer.steps(at: period * 121, blank: far).count == 0)
        #expect(pacer.lastStep == period * 120)
    }

    @Test func aClockGoingBackwardsRunsNothing() {
        var pacer = FramePacer()
        _ = pacer.steps(at: .seconds(5))
        #expect(pacer.steps(at: .seconds(4)).count == 0)
        #expect(pacer.lastStep == .seconds(5))
    }
}
