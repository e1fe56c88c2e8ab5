import BannerContent
import CarouselEngine
import FileAccess
import GlyphText
import ImageDecoding
import Raster
import TextLayout

/// Time to pre-render one banner at its on-screen size, as the presenter does it (render, round corners, index
/// opaque runs): the demo banners (patterns and text), and a photo-like JPEG and PNG made in this run. Before
/// them, the resampler alone, the biggest part of a photo banner, against a memcpy of the photo.
enum PrerenderCost {
    static func run(fonts: FontSet, scratch: String) throws {
        print("## Pre-render time per banner (render + sprite, at on-screen size)")
        let photo = PhotoFixture.picture(width: 1920, height: 1080, seed: 42)
        let jpegPath = scratch + "/photo.jpg"
        let pngPath = scratch + "/photo.png"
        let jpeg = PhotoFixture.jpeg(photo)
        try LocalFiles().writeAtomically(jpeg, to: jpegPath)
        try PNGEncoder().write(photo, to: pngPath)
        let pngBytes = try LocalFiles().readBytes(pngPath).count
        print("photo: 1920x1080 photo-like picture, JPEG q88 \(jpeg.count / 1024) KiB, PNG \(pngBytes / 1024) KiB")
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        for (width, height) in displaySizes {
            let layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: 1)
            resampleCost(photo, width: layout.bannerWidthPixels, height: layout.bannerHeightPixels)
            let composer = FrameComposer(rotation: .none)
            func prerender(_ banner: Banner) {
                let rendered = renderer.render(
                    banner, width: layout.bannerWidthPixels, height: layout.bannerHeightPixels, scale: layout.scale,
                    cornerRadius: layout.cornerRadiusPixels)
                _ = composer.prepare(rendered.bitmap, over: benchBackground)  // as the presenter does
            }
            var demo: [Double] = []
            for banner in DemoContent.banners {
                prerender(banner)  // glyphs cached, as after the first banner on the appliance
                demo.append(medianNanoseconds(runs: 5) { prerender(banner) })
            }
            demo.sort()
            let photos = [("jpeg", jpegPath), ("png", pngPath)].map { kind, path in
                let banner = Banner(
                    id: kind, title: "Photo banner", subtitle: "Decoded, scaled to fill, scrim and text",
                    artwork: .file(path: path))
                return (kind, medianNanoseconds(runs: 5) { prerender(banner) })
            }
            print(
                "prerender \(width)x\(height) (banner \(layout.bannerWidthPixels)x\(layout.bannerHeightPixels)): "
                    + "demo median \(duration(nanoseconds: demo[demo.count / 2])) "
                    + "(fastest \(duration(nanoseconds: demo[0])), slowest \(duration(nanoseconds: demo[demo.count - 1]))), "
                    + photos.map { "\($0.0) photo \(duration(nanoseconds: $0.1))" }.joined(separator: ", "))
            textCost(fonts: fonts, layout: layout, prerender: prerender)
        }
    }

    /// The same banner with a Latin and with an Arabic title and subtitle (no artwork): the whole pre-render, and
    /// the two lines' layout alone (itemising, bidi, HarfBuzz shaping, ellipsis), glyphs already cached.
    private static func textCost(fonts: FontSet, layout: CarouselLayout, prerender: (Banner) -> Void) {
        let texts = [
            ("Latin", "Grand opening: everything half price", "Visit us on the first floor, open until 8 pm"),
            ("Arabic", "افتتاح كبير: كل شيء بنصف السعر", "زورونا في الطابق الأول، مفتوح حتى الساعة 8 مساءً"),
        ]
        let style = BannerStyle.standard
        let maxWidth = layout.bannerWidthPixels - 2 * BannerStyle.pixels(style.textInset, scale: layout.scale)
        let figures: [(name: String, whole: Double, lines: Double)] = texts.map { name, title, subtitle in
            let banner = Banner(id: name, title: title, subtitle: subtitle)
            prerender(banner)
            let whole = medianNanoseconds(runs: 9) { prerender(banner) }
            let lines = medianNanoseconds(runs: 9) {
                _ = LineLayout.layout(
                    title, chain: fonts.title, points: style.titlePoints, scale: layout.scale, maxWidth: maxWidth)
                _ = LineLayout.layout(
                    subtitle, chain: fonts.body, points: style.subtitlePoints, scale: layout.scale, maxWidth: maxWidth)
            }
            return (name, whole, lines)
        }
        let each: [String] = figures.map { name, whole, lines in
            "\(name) title and subtitle \(duration(nanoseconds: whole)) (layout \(duration(nanoseconds: lines)))"
        }
        let wholeRatio = figures[1].whole / figures[0].whole
        let layoutRatio = figures[1].lines / figures[0].lines
        let size = "\(layout.viewportWidthPixels)x\(layout.viewportHeightPixels)"
        let ratios = "Arabic/Latin \(fixed(wholeRatio))x whole, \(fixed(layoutRatio))x layout"
        print("prerender text \(size): \(each.joined(separator: ", ")); \(ratios)")
    }

    /// The photo scaled to fill a banner (the resampler alone) against one memcpy of the photo's bytes.
    private static func resampleCost(_ photo: Bitmap, width: Int, height: Int) {
        let bytes = photo.pixels.count * MemoryLayout<UInt32>.stride
        let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { copy.deallocate() }
        var sink: UInt32 = 0  // keeps the result observable
        let timings = InterleavedTimings(
            rounds: 21,
            [
                { sink ^= photo.scaledToFill(width: width, height: height).pixels[0] },
                { photo.pixels.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes) } },
            ])
        let ratio = timings.ratio(0, to: 1)
        print(
            "resample \(photo.width)x\(photo.height) to fill \(width)x\(height): "
                + "\(duration(nanoseconds: timings.median(0))), memcpy \(duration(nanoseconds: timings.median(1))) "
                + "(\(bytes / 1024) KiB), ratio \(fixed(ratio.median, 1))x (middle half of rounds "
                + "\(fixed(ratio.quartiles.lowerBound, 1))-\(fixed(ratio.quartiles.upperBound, 1))x) sink \(sink & 1)")
    }
}
