import CarouselEngine
import FrameLoop
import FrameLoopTesting
import Testing

/// A display unplugged and plugged back, through the loop's own step (`LoopWorld.step`): the carousel carries on
/// without it, the loop looks for it at the chores' pace without spinning, and shows the carousel again when it
/// is back.
@Suite struct DisplayHotplugLoopTests {
    @Test func anUnpluggedDisplayIsLookedForEveryFewSecondsAndShowsTheCarouselAgainWhenBack() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step))
        // A key slides the carousel to banner 1; mid-slide the cable is pulled, and udev says so 100 ms later.
        // Plugged back at 20 s with no udev event (not every driver sends one): only a probe can find it.
        let pulled = Duration.milliseconds(5100)
        let noticed = Duration.milliseconds(5200)
        let back = Duration.seconds(20)
        loop.events = [.key(.right, time: .seconds(5))]
        loop.display.unplugged = [pulled..<back]
        loop.hotplugEvents = [noticed]
        loop.run(until: back + .seconds(5))
        #expect(!loop.spun)
        // Presents failed until udev told the loop; from then on it drew nothing, and nothing was on glass.
        #expect(!loop.presentFailures.isEmpty)
        #expect(loop.presentFailures.allSatisfy { $0 >= pulled && $0 <= noticed })
        #expect(!loop.display.presents.contains { $0 >= pulled && $0 < back })
        #expect(loop.glass.contains { $0.picture == nil && $0.time > noticed && $0.time < back })
        // Looked for every `probeInterval` from then on until found, and woken for nothing else once the carousel
        // had come to rest in the dark.
        let interval = LoopChores.probeInterval
        let looks = Int(((back - noticed) / interval).rounded(.up))
        #expect(loop.displayProbes == (1...looks).map { noticed + interval * $0 })
        let found = try #require(loop.displayProbes.last)
        #expect(loop.wakeups.filter { $0 > noticed + .seconds(1) && $0 < found } == loop.displayProbes.dropLast())
        // Found, it shows the carousel at once, at rest on the banner the key brought in.
        #expect(loop.display.presents.first { $0 >= back } == found)
        #expect(loop.glass.last?.picture == GlassPicture(index: 1, settled: true))
        #expect(loop.rests == [0, 1])
    }

    /// A screen unplugged for longer than `WatchdogSec` is not a hung one: the presents that failed before udev
    /// said so must not stop the pings, or systemd would restart bannerd again and again (and, past the unit's
    /// start limit, give up) while nobody has plugged the screen back.
    @Test func anUnpluggedDisplayDoesNotStopTheWatchdog() throws {
        var loop = try LoopHarness(
            count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: .seconds(2))
        loop.watchdogInterval = .seconds(15)
        loop.events = [.key(.right, time: .seconds(5))]  // pulled mid-slide: presents fail until udev tells
        let pulled = Duration.milliseconds(5100)
        let back = Duration.seconds(65)
        loop.display.unplugged = [pulled..<back]
        loop.hotplugEvents = [.milliseconds(5200)]
        loop.run(until: back + .seconds(5))
        #expect(!loop.presentFailures.isEmpty)
        #expect(loop.hangsReported.isEmpty)
        let gaps = zip(loop.pings, loop.pings.dropFirst()).map { $1 - $0 }
        #expect(loop.pings.count >= 9 && gaps.allSatisfy { $0 <= .milliseconds(7600) }, "\(loop.pings)")
    }
}
