import BackgroundJobs
import CarouselEngine
import FileAccess
import ProofOfPlay
import WallClock

/// Proof of play: each banner that stood centred on the lit screen becomes one JSON line in the day's file
/// (`[proof_of_play]` in bannerd.toml), written by the background writer, never by the loop itself.
extension MainLoop {
    /// What the screen shows now, told to the tracker after each frame handed to the display and whenever the
    /// screen shows nothing (dark by its schedule, no display).
    func observePlay(at now: Duration) {
        let glass = bannerOnGlass
        let carousel = scheduler.carousel
        let record = plays.show(
            glass, cause: carousel.phase == .autoplay ? .autoplay : motionCause, at: now,
            clock: Self.clockReading())
        if !chores.lit || screen == nil { motionCause = .start }  // the next banner on glass starts a new showing
        if let record { keep(record) }
    }

    /// bannerd stops: the banner on screen ends its play.
    func finishPlay(at now: Duration) {
        if let record = plays.finish(at: now, clock: Self.clockReading()) { keep(record) }
    }

    /// The banner in the centre of the frame on glass: nil while the screen is dark or gone.
    private var bannerOnGlass: PlayTracker.Glass? {
        let carousel = scheduler.carousel
        guard chores.lit, screen != nil, carousel.count > 0 else { return nil }
        let banner = banners[carousel.index]
        return PlayTracker.Glass(
            bannerID: banner.id, image: banner.imagePath, centred: carousel.isSettled,
            placeholder: !presenter.cachedBanners.contains(carousel.index))
    }

    /// Hands `record` to the writer: appended to its day's file and synced; on a new day, files past keeping go.
    private func keep(_ record: PlayRecord) {
        guard let files = settings.proofOfPlay else { return }
        let line = Array(record.jsonLine.utf8)
        let path = files.path(for: record.end)
        let today = record.end.localDay
        let prune = playFilesPrunedDay != today
        playFilesPrunedDay = today
        let queued = writer.submit {
            let disk = LocalFiles()
            do {
                try disk.makeDirectory(files.directory, permissions: 0o750)
                let cut = try disk.appendLine(line, to: path, permissions: 0o640)
                if prune {
                    for name in files.expired(try disk.list(files.directory), today: today) {
                        try disk.remove(files.directory + "/" + name)
                    }
                }
                return cut > 0
                    ? "proof of play: \(path): removed \(cut) byte(s) of a line cut short (power lost?)" : nil
            } catch {
                return "proof of play not written: \(error) (see [proof_of_play] in bannerd.toml)"
            }
        }
        let behind =
            "proof of play: records dropped, the disk is \(BackgroundQueue<String>.maximumWaiting) writes behind"
        if !queued, reportedWriteFailures.insert(behind).inserted { Log.warning(behind) }
    }
}

extension PlayCause {
    /// How an input event moves the carousel.
    init(_ event: InputEvent) {
        if case .key = event { self = .key } else { self = .touch }
    }
}
