import CarouselEngine
import Raster

/// Where a scrolling carousel's frames lie inside a strip: a scanout buffer wider than the screen (taller, when
/// the display is turned a quarter) holding the three banners of one recycler page, so that every frame until
/// the next rebase is a window of it and the display can pan instead of a composition writing the frame.
///
/// The recycler rebases when the scroll passes half a page from its centre page, so a strip reaches half a page
/// (plus a pixel, for the rounding of points to pixels) either way of the centre page's rest position. The banner
/// of page `k` lies in the strip where it would lie on screen scrolled to the strip's origin: a window at offset
/// `o` is pixel for pixel the frame composed at scroll `origin + o`.
public struct StripLayout: Equatable, Sendable {
    public let layout: CarouselLayout
    public let rotation: Rotation
    /// How far the window moves either way from the centre page's rest position, in pixels.
    public let reach: Int

    public init(layout: CarouselLayout, rotation: Rotation) {
        self.layout = layout
        self.rotation = rotation
        reach = layout.pageStepPixels / 2 + 1
    }

    /// The strip's logical size (before rotation): the screen's, one page and two pixels wider.
    public var logicalWidth: Int { layout.viewportWidthPixels + 2 * reach }
    public var logicalHeight: Int { layout.viewportHeightPixels }

    /// The strip's size in scanout pixels.
    public var scanoutSize: (width: Int, height: Int) {
        rotation.targetSize(logicalWidth: logicalWidth, logicalHeight: logicalHeight)
    }

    /// The scroll position, in pixels, that the strip's left edge stands for.
    public func origin(centerPage: Int) -> Int { centerPage * layout.pageStepPixels - reach }

    /// Where the frame at `scrollPixels` lies in the strip of `centerPage`, in logical pixels from its left edge;
    /// nil when it is not inside (a lone banner pulled past its rubber band's reach, or a page not yet rebased).
    public func windowOffset(scrollPixels: Int, centerPage: Int) -> Int? {
        let offset = scrollPixels - origin(centerPage: centerPage)
        return (0...(2 * reach)).contains(offset) ? offset : nil
    }

    /// The window's top-left corner in the strip's scanout pixels: where the display starts scanning.
    public func scanoutOrigin(windowOffset offset: Int) -> (x: Int, y: Int) {
        let window = PixelRect(
            x: offset, y: 0, width: layout.viewportWidthPixels, height: layout.viewportHeightPixels)
        let turned = rotation.targetRect(window, logicalWidth: logicalWidth, logicalHeight: logicalHeight)
        return (turned.x, turned.y)
    }

    /// The left edge, in the strip's logical pixels, of the banner of `page` in the strip of `centerPage`.
    public func bannerX(page: Int, centerPage: Int) -> Int {
        layout.bannerX(page: page, scrollPixels: origin(centerPage: centerPage))
    }
}

/// What a strip holds: the sprites of one centre page's banners at their places. Two are the same strip when
/// they place the same sprite objects (a banner rendered again is another sprite) at the same places; the
/// placements hold their sprites, so a sprite compared here cannot have been freed and its address reused.
public struct StripContent: Equatable, Sendable {
    public let centerPage: Int
    public let placements: [Placement]

    public init(centerPage: Int, placements: [Placement]) {
        self.centerPage = centerPage
        self.placements = placements
    }

    public static func == (lhs: StripContent, rhs: StripContent) -> Bool {
        lhs.centerPage == rhs.centerPage
            && lhs.placements.elementsEqual(rhs.placements) {
                $0.sprite === $1.sprite && $0.x == $1.x && $0.y == $1.y
            }
    }
}
