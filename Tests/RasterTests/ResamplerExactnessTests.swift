import Testing

@testable import Raster

/// The resampler's fast paths (bytes converted once per row, taps padded to one count, the last vertical tap added
/// while packing, rounding without the checked conversion) give exactly the plain definition's words.
@Suite struct ResamplerExactnessTests {
    typealias Region = (x: Double, y: Double, width: Double, height: Double)

    /// The definition: each vertical tap's source row summed horizontally from 0 in tap order, those sums summed
    /// from 0 in tap order, rounded half up and clamped per channel, colours no higher than alpha.
    static func reference(_ b: Bitmap, region: Region, width: Int, height: Int) -> [UInt32] {
        let tx = Resampler.taps(sourceSize: b.width, origin: region.x, length: region.width, count: width)
        let ty = Resampler.taps(sourceSize: b.height, origin: region.y, length: region.height, count: height)
        var out: [UInt32] = []
        for vertical in ty {
            for horizontal in tx {
                var sum: [Float] = [0, 0, 0, 0]  // alpha, red, green, blue
                for (k, wy) in vertical.weights.enumerated() {
                    var row: [Float] = [0, 0, 0, 0]
                    for (j, wx) in horizontal.weights.enumerated() {
                        let p = b[horizontal.first + j, vertical.first + k]
                        for c in 0..<4 { row[c] += wx * Float((p >> UInt32(24 - 8 * c)) & 0xFF) }
                    }
                    for c in 0..<4 { sum[c] += wy * row[c] }
                }
                let v = sum.map { UInt32(min(255, max(0, $0 + 0.5))) }
                out.append(v[0] << 24 | min(v[1], v[0]) << 16 | min(v[2], v[0]) << 8 | min(v[3], v[0]))
            }
        }
        return out
    }

    /// The first word that differs, as "index: got, expected", or nil when the words are the same.
    static func firstDifference(_ got: [UInt32], _ expected: [UInt32]) -> String? {
        guard got.count == expected.count else { return "\(got.count) words, expected \(expected.count)" }
        guard let i = got.indices.first(where: { got[$0] != expected[$0] }) else { return nil }
        return "\(i): \(String(got[i], radix: 16)), expected \(String(expected[i], radix: 16))"
    }

    /// Random premultiplied pixels: some transparent, some opaque, the rest in between; or all opaque.
    static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Bitmap {
        var rng = SplitMix(seed: seed)
        var b = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt8 = opaque ? 255 : [0, 255, rng.byte()][Int(rng.next() % 3)]
                b[x, y] = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: alpha).premultipliedARGB
            }
        }
        return b
    }

    /// Random words, colours above alpha included: only such input ever needs the alpha clamp.
    static func words(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix(seed: seed)
        let words = (0..<width * height).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        return Bitmap(width: width, height: height, premultipliedPixels: words) ?? Bitmap(width: width, height: height)
    }

    // 1 pixel, identity, exact 2:1 and 3:1, odd ratios (up to 4 taps and more), upscaling and mixed: every tap
    // count the horizontal pass unrolls, the general one, and footprints padded at both edges, on both axes.
    @Test(arguments: [
        (1, 1, 1, 1), (1, 1, 5, 3), (7, 5, 1, 1), (7, 5, 7, 5), (14, 10, 7, 5), (21, 15, 7, 5), (7, 5, 3, 2),
        (97, 61, 40, 23), (97, 61, 13, 11), (7, 5, 14, 10), (7, 5, 13, 11), (61, 97, 200, 150), (97, 61, 31, 90),
        (2, 3, 1, 7),
    ])
    func wholeBitmapMatchesTheDefinition(size: (Int, Int, Int, Int)) {
        let seed = UInt64(size.0 * 1000 + size.1)
        let region = (x: 0.0, y: 0.0, width: Double(size.0), height: Double(size.1))
        for b in [
            Self.noise(width: size.0, height: size.1, seed: seed),
            Self.words(width: size.0, height: size.1, seed: seed),
        ] {
            let s = b.scaled(width: size.2, height: size.3)
            #expect(
                Self.firstDifference(s.pixels, Self.reference(b, region: region, width: size.2, height: size.3)) == nil)
        }
    }

    @Test func opaqueBitmapsMatchTheDefinition() {
        // Opaque rows skip the alpha clamp.
        for seed in UInt64(1)...3 {
            let b = Self.noise(width: 37, height: 23, seed: seed, opaque: true)
            for (width, height) in [(1, 1), (16, 9), (37, 23), (80, 51)] {
                let s = b.scaled(width: width, height: height)
                let expected = Self.reference(b, region: (0, 0, 37, 23), width: width, height: height)
                #expect(Self.firstDifference(s.pixels, expected) == nil, "\(width)x\(height)")
            }
        }
    }

    @Test func fractionalRegionsMatchTheDefinition() {
        let b = Self.noise(width: 53, height: 37, seed: 11)
        // The last two reach past the bitmap: edge pixels are read, never memory beyond them.
        let regions: [Region] = [
            (0.5, 0.25, 52.5, 36.75), (10.3, 7.7, 20.1, 9.9), (0, 0, 1.5, 0.5), (51.9, 36.9, 1.1, 1.1), (60, 40, 4, 4),
        ]
        for region in regions {
            for (width, height) in [(1, 1), (17, 9), (40, 40), (90, 70)] {
                let s = Resampler.resample(b, region: region, width: width, height: height)
                let expected = Self.reference(b, region: region, width: width, height: height)
                #expect(Self.firstDifference(s.pixels, expected) == nil, "\(region) to \(width)x\(height)")
            }
        }
    }

    @Test func roundingMatchesTheCheckedConversion() {
        var values: [Float] = [-1e30, -1, -0.5, -0.0, 0, 255.5, 256, 1e30, .infinity, -.infinity, .nan]
        for n in -2...520 {
            // Where v + 0.5 crosses an integer, and either side of it.
            let v = Float(n) / 2 - 0.5
            values += [v, v.nextUp, v.nextDown]
        }
        var rng = SplitMix(seed: 5)
        for _ in 0..<100_000 { values.append(Float(rng.next() % 270_000_000) / 1_000_000 - 5) }
        let wrong = values.filter { Resampler.channel($0) != UInt32(min(255, max(0, $0 + 0.5))) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
