import DisplaySelection
import Testing

@Suite struct DisplayRotationTests {
    @Test(arguments: [
        ("Normal", DisplayRotation.none), ("Upside Down", .clockwise180), ("Left Side Up", .clockwise270),
        ("Right Side Up", .clockwise90),
    ])
    func panelOrientationIsCorrected(name: String, rotation: DisplayRotation) throws {
        let orientation = try #require(PanelOrientation(kernelName: name))
        #expect(orientation.correctingRotation == rotation)
        #expect(DisplayRotation.resolve(configured: nil, panel: orientation) == rotation)
    }

    @Test func unknownPanelOrientationNameIsNil() {
        #expect(PanelOrientation(kernelName: "Sideways") == nil)
    }

    @Test func configuredRotationWinsOverPanel() {
        #expect(DisplayRotation.resolve(configured: DisplayRotation.none, panel: .upsideDown) == DisplayRotation.none)
        #expect(DisplayRotation.resolve(configured: nil, panel: nil) == DisplayRotation.none)
    }

    @Test(arguments: ["0", "90", "180", "270"])
    func degreesParse(text: String) {
        #expect(DisplayRotation(degrees: text)?.rawValue == Int(text))
    }

    @Test(arguments: ["45", "-90", "360", "", "ninety"])
    func badDegreesAreRejected(text: String) {
        #expect(DisplayRotation(degrees: text) == nil)
    }

    @Test func quarterTurnsSwapTheLogicalSize() {
        let scanout = PixelSize(width: 800, height: 480)
        #expect(DisplayRotation.clockwise90.logicalSize(forScanout: scanout) == PixelSize(width: 480, height: 800))
        #expect(DisplayRotation.clockwise270.logicalSize(forScanout: scanout) == PixelSize(width: 480, height: 800))
        #expect(DisplayRotation.clockwise180.logicalSize(forScanout: scanout) == scanout)
        #expect(DisplayRotation.none.logicalSize(forScanout: scanout) == scanout)
    }
}
