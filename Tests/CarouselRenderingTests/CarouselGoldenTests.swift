import BannerContent
import CarouselEngine
import CarouselRendering
import Raster
import Testing

/// Whole frames from the engine and the presenter at 240x135 px, compared with committed goldens, plus the pixel
/// facts each golden is meant to show (which banner fills which columns).
@Suite struct CarouselGoldenTests {
    /// A row below the title and above the bottom corners, where every banner is its flat colour.
    static func plainRow(_ layout: CarouselLayout) -> Int {
        layout.topInsetPixels + layout.bannerHeightPixels - layout.cornerRadiusPixels - 2
    }

    /// What a plain row should show: each visible view's banner colour over its columns, the background elsewhere.
    static func expectedRow(_ frame: GoldenFrame.Frame, banners: BannerList) -> [UInt32] {
        let layout = frame.carousel.layout
        var row = [UInt32](repeating: GoldenFrame.background.argb, count: layout.viewportWidthPixels)
        for view in frame.views {
            let lo = max(0, view.x)
            let hi = min(layout.viewportWidthPixels, view.x + layout.bannerWidthPixels)
            for x in lo..<max(lo, hi) { row[x] = banners[view.banner].background.argb }
        }
        return row
    }

    @Test(arguments: [1, 2, 7])
    func restingCarouselMatchesGolden(count: Int) throws {
        let fonts = try GoldenFrame.fonts()
        let scene = GoldenFrame.Scene(banners: GoldenFrame.banners(count))
        let frame = try scene.restFrame(fonts: fonts)
        try GoldenFrame.expectMatches(frame.bitmap, "rest-\(count)")
        let layout = try scene.layout()
        let row = frame.bitmap.row(Self.plainRow(layout))
        #expect(row == Self.expectedRow(frame, banners: scene.banners))
        // One banner: no ears. Two or more: the ears are the previous and next banners, ear-wide.
        let ear = layout.insetPixels - layout.gapPixels
        let last = layout.viewportWidthPixels - 1
        let left = count == 1 ? GoldenFrame.background : scene.banners[count - 1].background
        let right = count == 1 ? GoldenFrame.background : scene.banners[1 % count].background
        #expect(row[0] == left.argb && row[ear - 1] == left.argb && row[ear] == GoldenFrame.background.argb)
        #expect(row[last] == right.argb && row[last - ear + 1] == right.argb)
        #expect(row[last - ear] == GoldenFrame.background.argb)
        #expect(row[layout.insetPixels] == scene.banners[0].background.argb)
    }

    @Test func midDragMatchesGoldenAndFollowsTheFinger() throws {
        let fonts = try GoldenFrame.fonts()
        let scene = GoldenFrame.Scene(banners: GoldenFrame.banners(7))
        // Down at 200, past the 16 pt slop at 180, then 30 px per frame to the left; the finger stays down.
        let script = try GoldenFrame.drag(from: 200, through: [180, 150, 120])
        let frames = try scene.frames(fonts: fonts, script: script, at: [2, 3])
        #expect(frames.count == 2)
        guard frames.count == 2 else { return }
        try GoldenFrame.expectMatches(frames[1].bitmap, "mid-drag")
        #expect(frames[1].carousel.phase == .drag)
        let y = Self.plainRow(try scene.layout())
        for frame in frames { #expect(frame.bitmap.row(y) == Self.expectedRow(frame, banners: scene.banners)) }
        // The picture moved exactly as far as the finger did between the two frames: 30 px.
        let next = scene.banners[1].background.argb
        let edges = frames.map { $0.bitmap.row(y).firstIndex(of: next) }
        #expect(edges[0] != nil && edges[1] != nil)
        if let a = edges[0], let b = edges[1] { #expect(a - b == 30) }
    }

    /// Finger positions straddling the rebase threshold (half a page) by 0.2 px, which round to the same scroll
    /// pixel: the last frame before the recycler swaps views and the first one after it.
    static func straddlingRebase(count: Int, forwards: Bool) throws -> [GoldenFrame.Frame] {
        let fonts = try GoldenFrame.fonts()
        let scene = GoldenFrame.Scene(banners: GoldenFrame.banners(count))
        let layout = try scene.layout()
        let half = layout.pageStep / 2 * layout.scale
        let sign: Double = forwards ? -1 : 1  // a finger moving left scrolls forwards
        let start = forwards ? 200.0 : 40.0
        // The slop (16 px at scale 1) is crossed at the first move, 20 px away: the drag is anchored 16 px out.
        let anchor = start + sign * 16
        let moves = [start + sign * 20, anchor + sign * (half - 0.2), anchor + sign * (half + 0.2)]
        return try scene.frames(fonts: fonts, script: GoldenFrame.drag(from: start, through: moves), at: [2, 3])
    }

    @Test(arguments: [2, 3, 7], [true, false])
    func framesEitherSideOfARecyclerSwapAreIdentical(count: Int, forwards: Bool) throws {
        let frames = try Self.straddlingRebase(count: count, forwards: forwards)
        #expect(frames.count == 2)
        guard frames.count == 2 else { return }
        let pages = frames.map { $0.carousel.recycler?.centerPage }
        #expect(pages[0] == 0 && pages[1] == (forwards ? 1 : -1), "the views were rebased between the frames")
        #expect(frames[1].carousel.rebaseCount == frames[0].carousel.rebaseCount + 1)
        #expect(frames[0].carousel.lastSwapJumpPixels == 0 && frames[1].carousel.lastSwapJumpPixels == 0)
        #expect(frames[0].bitmap == frames[1].bitmap)
        if count == 7 && forwards { try GoldenFrame.expectMatches(frames[1].bitmap, "swap-7") }
    }
}
