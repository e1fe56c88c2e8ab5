import BannerContent
import CarouselEngine
import CarouselRendering
import Raster
import Testing

/// The resting carousel at 1, 1.5 and 2 pixels per point (240x135 pt): goldens, and the inset, gap and ear columns
/// checked pixel by pixel against the metrics (16 pt inset, 8 pt gap, so 8 pt ears), rounded once per scale.
@Suite struct ScaleGoldenTests {
    static let sizes: [(scale: Double, width: Int, height: Int)] = [(1, 240, 135), (1.5, 360, 203), (2, 480, 270)]

    @Test(arguments: 0..<3)
    func insetGapAndEarsAreExactAtEachScale(size: Int) throws {
        let (scale, width, height) = Self.sizes[size]
        let scene = GoldenFrame.Scene(banners: GoldenFrame.banners(7), width: width, height: height, scale: scale)
        let frame = try scene.restFrame(fonts: GoldenFrame.fonts())
        // Scale 1 is the resting golden of CarouselGoldenTests.
        try GoldenFrame.expectMatches(frame.bitmap, scale == 1 ? "rest-7" : "rest-7-scale-\(Int(scale * 10))")

        let metrics = CarouselMetrics()
        let inset = Int((metrics.horizontalInset * scale).rounded())
        let gap = Int((metrics.gap * scale).rounded())
        let top = Int((metrics.topInset * scale).rounded())
        let bottom = Int((metrics.bottomInset * scale).rounded())
        let ear = inset - gap
        #expect(ear > 0)
        let bg = GoldenFrame.background.argb
        let colours = scene.banners.map(\.background.argb)
        // Column by column along a row without text or corners: ear, gap, banner, gap, ear.
        var expected = [UInt32](repeating: bg, count: width)
        for x in 0..<ear { expected[x] = colours[6] }
        for x in inset..<(width - inset) { expected[x] = colours[0] }
        for x in (width - ear)..<width { expected[x] = colours[1] }
        let plain = top + (height - top - bottom) - Int((metrics.cornerRadius * scale).rounded()) - 2
        #expect(frame.bitmap.row(plain) == expected)
        // Above and below the banners: background only.
        let background = [UInt32](repeating: bg, count: width)
        #expect((0..<top).allSatisfy { frame.bitmap.row($0) == background })
        #expect(((height - bottom)..<height).allSatisfy { frame.bitmap.row($0) == background })
        #expect(frame.bitmap.row(top) != background && frame.bitmap.row(height - bottom - 1) != background)
    }
}
