import BannerdConfig
import CarouselEngine
import EventLoop
import FrameLoop
import MonotonicTime
import WallClock

/// The screen schedule: the display off outside its hours (DPMS), no drawing or autoplay meanwhile, a touch
/// lighting it for a minute, and no wake-ups but the next change.
extension OutputLoop {
    /// Does what the chores decided (`LoopChores.step`).
    func perform(_ effect: LoopChores.Effect) {
        switch effect {
        case .probeDisplay:
            reprobeDisplay(at: MonotonicClock.now())
        case .reloadContent:
            loop.reloadContent(of: settings.contentDirectory)
        case .powerState(.on):
            Log.info("screen on")
        case .powerState(.woken):
            Log.info("screen woken by input outside the schedule's hours")
        case .powerState(.off):
            Log.info("screen off: outside the schedule's hours")
        case .setPower(let lit):
            switchPower(lit: lit)
            loop.metricsChanged()
        }
    }

    /// Switches the display (and the TV) on or off for the schedule (switched on, the step has put a fresh carousel
    /// in): the TV woken before the picture is lit, put in standby after it is blanked.
    private func switchPower(lit: Bool) {
        if lit { switchTV(lit: true) }
        if let screen {
            do {
                try screen.device.setPower(on: lit)
            } catch {
                Log.warning("screen power \(lit ? "on" : "off"): \(error)")
            }
            // It waited for the flip in flight and read its event, which may have decided the display's pacing.
            if frames.followPacing(of: screen.device) { Self.logTimerPacing(screen) }
        }
        if !lit {
            switchTV(lit: false)
            loop.announceReady()
        }
        loop.sendStatus()
    }

    /// The screen was switched on (`LoopWorld.step`): the current banners' carousel, the operator's pause kept.
    func freshCarousel(like carousel: Carousel, at now: Duration) -> Carousel {
        freshCarousel(layout: carousel.layout, startIndex: carousel.index, time: now)
    }
}
