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
        // Compared first as three small values: most frames of a slide change none of them, and reading a banner
        // out of the list (its id and image as strings) is kept for the frames that do.
        let carousel = scheduler.carousel
        let seen: GlassSeen =
            chores.lit && screen != nil && carousel.count > 0
            ? .banner(
                index: carousel.index, centred: carousel.isSettled, placeholder: !presenter.isRendered(carousel.index))
            : .dark
        guard seen != glassSeen else { return }
        glassSeen = seen
        let glass = bannerOnGlass
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

    /// The banner in the centre of the frame on glass (`glassSeen`): nil while the screen is dark or gone.
    private var bannerOnGlass: PlayTracker.Glass? {
        guard case .banner(let index, let centred, let placeholder) = glassSeen else { return nil }
        let banner = banners[index]
        return PlayTracker.Glass(
            bannerID: banner.id, image: banner.imagePath, centred: centred, placeholder: placeholder)
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

/// What the proof of play last saw on glass.
enum GlassSeen: Equatable {
    /// Not looked at since the banners changed (a reload, a schedule): look again.
    case stale
    /// The screen shows no banner: dark, no display, no banners.
    case dark
    /// The banner at `index` of the carousel's banners is nearest the centre.
    case banner(index: Int, centred: Bool, placeholder: Bool)
}
