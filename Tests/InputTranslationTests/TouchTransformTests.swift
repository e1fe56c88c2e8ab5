import CarouselEngine
import DisplaySelection
import InputTranslation
import Testing

@Suite struct TouchTransformTests {
    let scanout = PixelSize(width: 800, height: 480)

    func map(_ rotation: DisplayRotation, _ x: Double, _ y: Double) -> PixelPoint {
        TouchTransform(scanoutSize: scanout, rotation: rotation).displayPoint(touch: NormalizedPoint(x: x, y: y))
    }

    @Test func noRotationScalesToPixels() {
        #expect(map(DisplayRotation.none, 0.5, 0.25) == PixelPoint(x: 400, y: 120))
        #expect(map(DisplayRotation.none, 0, 0) == PixelPoint(x: 0, y: 0))
    }

    /// Content turned 90° clockwise: the upright top-left sits at the scanout's top-right.
    @Test func quarterTurnClockwise() {
        let transform = TouchTransform(scanoutSize: scanout, rotation: .clockwise90)
        #expect(transform.displaySize == PixelSize(width: 480, height: 800))
        #expect(map(.clockwise90, 1, 0) == PixelPoint(x: 0, y: 0))
        #expect(map(.clockwise90, 1, 1) == PixelPoint(x: 479, y: 0))
        #expect(map(.clockwise90, 0, 0) == PixelPoint(x: 0, y: 799))
        #expect(map(.clockwise90, 0.75, 0.5) == PixelPoint(x: 240, y: 200))
    }

    @Test func halfTurn() {
        #expect(map(.clockwise180, 0.25, 0.25) == PixelPoint(x: 600, y: 360))
        #expect(map(.clockwise180, 1, 1) == PixelPoint(x: 0, y: 0))
    }

    @Test func threeQuarterTurn() {
        // Upright top-left sits at the scanout's bottom-left.
        #expect(map(.clockwise270, 0, 1) == PixelPoint(x: 0, y: 0))
        #expect(map(.clockwise270, 0.25, 0.5) == PixelPoint(x: 240, y: 200))
    }

    /// The rotation that displays content and the one that maps touch agree: a pixel drawn at an upright
    /// position lands on the scanout where a touch there maps back to it.
    @Test(arguments: DisplayRotation.allCases)
    func touchInvertsThePictureRotation(rotation: DisplayRotation) {
        let transform = TouchTransform(scanoutSize: scanout, rotation: rotation)
        let logical = transform.displaySize
        let upright = (x: 100.0, y: 50.0)
        // Where the picture copy puts upright (x, y), per the clockwise convention.
        let scan: (Double, Double)
        switch rotation {
        case .none: scan = (upright.x, upright.y)
        case .clockwise90: scan = (Double(logical.height) - upright.y, upright.x)
        case .clockwise180: scan = (Double(logical.width) - upright.x, Double(logical.height) - upright.y)
        case .clockwise270: scan = (upright.y, Double(logical.width) - upright.x)
        }
        let back = transform.displayPoint(
            touch: NormalizedPoint(x: scan.0 / Double(scanout.width), y: scan.1 / Double(scanout.height)))
        #expect(abs(back.x - upright.x) < 1e-9 && abs(back.y - upright.y) < 1e-9)
    }

    @Test func calibrationAppliesBeforeRotationAndOnlyToTouch() {
        // libinput's documented 180° matrix, as a digitizer mounted upside down on an unrotated display.
        let flipped = CalibrationMatrix(-1, 0, 1, 0, -1, 1)
        let transform = TouchTransform(scanoutSize: scanout, calibration: flipped)
        #expect(transform.displayPoint(touch: NormalizedPoint(x: 0.25, y: 0.25)) == PixelPoint(x: 600, y: 360))
        #expect(transform.displayPoint(pointer: NormalizedPoint(x: 0.25, y: 0.25)) == PixelPoint(x: 200, y: 120))
        // Calibration flips, rotation flips back.
        let both = TouchTransform(scanoutSize: scanout, rotation: .clockwise180, calibration: flipped)
        #expect(both.displayPoint(touch: NormalizedPoint(x: 0.25, y: 0.25)) == PixelPoint(x: 200, y: 120))
    }

    @Test func positionsAreClampedToTheDisplay() {
        #expect(map(DisplayRotation.none, 1.2, -0.5) == PixelPoint(x: 799, y: 0))
        let transform = TouchTransform(scanoutSize: scanout)
        #expect(transform.clamp(PixelPoint(x: -3, y: 900)) == PixelPoint(x: 0, y: 479))
    }

    @Test func millimetresTurnUpright() {
        let transform = TouchTransform(scanoutSize: scanout, rotation: .clockwise90)
        let panel = MillimetrePoint(x: 154, y: 86)
        let upright = transform.uprightMillimetres(MillimetrePoint(x: 154, y: 0), panelSize: panel)
        #expect(upright == MillimetrePoint(x: 0, y: 0))
        let mid = transform.uprightMillimetres(MillimetrePoint(x: 77, y: 43), panelSize: panel)
        #expect(mid == MillimetrePoint(x: 43, y: 77))
        let unknown = transform.uprightMillimetres(MillimetrePoint(x: 5, y: 6), panelSize: MillimetrePoint(x: 0, y: 0))
        #expect(unknown == MillimetrePoint(x: 5, y: 6))
    }
}

@Suite struct CalibrationMatrixTests {
    @Test func parsesTheUdevForm() {
        #expect(CalibrationMatrix(parsing: "0 -1 1 1 0 0") == CalibrationMatrix(0, -1, 1, 1, 0, 0))
        #expect(CalibrationMatrix(parsing: "1.02 0 -0.01\t0 0.98 0.02")?.a == 1.02)
    }

    @Test(arguments: ["", "1 0 0 0 1", "1 0 0 0 1 0 0", "1 0 0 0 1 x", "1 0 0 0 1 inf"])
    func rejectsMalformed(text: String) {
        #expect(CalibrationMatrix(parsing: text) == nil)
    }

    @Test func libinputRotationMatrices() {
        // libinput's documented 90° matrix "0 -1 1 1 0 0" sends the top-left corner to the top-right.
        let quarter = CalibrationMatrix(0, -1, 1, 1, 0, 0)
        #expect(quarter.apply(NormalizedPoint(x: 0, y: 0)) == NormalizedPoint(x: 1, y: 0))
        #expect(CalibrationMatrix.identity.apply(NormalizedPoint(x: 0.3, y: 0.7)) == NormalizedPoint(x: 0.3, y: 0.7))
    }
}
