import BackgroundJobs
import CarouselEngine
import FileAccess
import FrameLoop
import ProofOfPlay
import WallClock

/// Showings (`PlayTracker`): each banner that stood still, centred and rendered on the lit screen is one count in
/// the metrics when it begins and one JSON line in the day's proof-of-play file (`[proof_of_play]` in
/// bannerd.toml) when it ends, written by the background writer, never by the loop itself.
extension OutputLoop {
    /// What the display shows changed (`LoopWorld.step` looks after every step): a frame was handed to the
    /// display, the carousel came to rest under a frame that needs no redraw, or the screen went dark or away.
    func glassChanged(_ seen: GlassSeen, cause: PlayCause, at now: Duration) {
        let change = plays.tracker.show(bannerOnGlass(seen), cause: cause, at: now, clock: MainLoop.clockReading())
        if let record = change.ended { keep(record) }
        // Written at the next regular write, not sooner: a showing every few seconds must not mean a write to an
        // SD card every few seconds.
        if let shown = change.began { counts.bannerShows.count(shown) }
        if change.placeholderAtRest { counts.placeholderRests += 1 }
    }

    /// bannerd stops: the banner on screen ends its play.
    func finishPlay(at now: Duration) {
        if let record = plays.tracker.finish(at: now, clock: MainLoop.clockReading()) { keep(record) }
    }

    /// The banner in the centre of the frame on glass: nil while the screen is dark or gone.
    private func bannerOnGlass(_ seen: GlassSeen) -> PlayTracker.Glass? {
        guard case .banner(let index, _, let centred, let placeholder) = seen else { return nil }
        let banner = banners[index]
        return PlayTracker.Glass(
            bannerID: banner.id, image: banner.imagePath, centred: centred, placeholder: placeholder)
    }

    /// Hands `record` to the writer, with this output's name: appended to its day's file and synced; on a new day,
    /// files past keeping go.
    private func keep(_ shown: PlayRecord) {
        guard let files = settings.proofOfPlay else { return }
        var record = shown
        record.output = name
        let line = Array(record.jsonLine.utf8)
        let path = files.path(for: record.end)
        let today = record.end.localDay
        let prune = plays.prunedDay != today
        plays.prunedDay = today
        let queued = loop.threads.writer.submit { () -> WriteFailure? in
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
                    ? WriteFailure("proof of play: \(path): removed \(cut) byte(s) of a line cut short (power lost?)")
                    : nil
            } catch {
                return WriteFailure(
                    "proof of play not written: \(error) (see [proof_of_play] in bannerd.toml)", recordLost: true)
            }
        }
        guard !queued else { return }
        loop.metrics.counts.playRecordsLost += 1
        let behind =
            "proof of play: records dropped, the disk is \(BackgroundQueue<WriteFailure>.maximumWaiting) writes behind"
        loop.saidOnce.warn(behind)
    }
}

/// Proof of play's state in the loop.
struct PlayKeeping {
    /// The showings, from the banner on glass after each step.
    var tracker = PlayTracker()
    /// The banner on glass as `tracker` was last told it, and what moved the carousel since.
    var glass = GlassWatch()
    /// The local day whose expired proof-of-play files were last removed.
    var prunedDay: Int?
}
