import DisplaySelection
import Raster
import Testing

/// Which planes a video banner would take, and where a plane shows it, clipped at the screen's edges.
@Suite struct VideoPlanesTests {
    static let xr24: UInt32 = 0x3432_5258
    static let ar24: UInt32 = 0x3432_5241
    static let rg16: UInt32 = 0x3631_4752

    static func overlay(_ id: UInt32, _ formats: [UInt32], zpos: UInt64? = nil, crtcs: UInt32 = 1) -> PlaneInfo {
        PlaneInfo(
            id: id, kind: .overlay, possibleCRTCs: crtcs, formats: formats,
            stackPosition: zpos.map { PlaneInfo.StackPosition(value: $0, range: $0...$0, immutable: true) })
    }

    static func choose(_ planes: [PlaneInfo], rotation: Rotation = .none) -> VideoPlanes {
        VideoPlanes.choose(planes: planes, crtcIndex: 0, crtcID: 51, rotation: rotation)
    }

    /// vkms: no zpos, eight overlays taking both formats, stacked in the order of their ids.
    @Test func thePictureTakesTheLowestOverlayAndTheLayerTheHighest() {
        let primary = PlaneInfo(id: 31, kind: .primary, possibleCRTCs: 1, formats: [Self.xr24])
        let overlays = stride(from: 47, through: 33, by: -2).map { Self.overlay(UInt32($0), [Self.ar24, Self.xr24]) }
        #expect(Self.choose([primary] + overlays) == .planes(picture: 33, layer: 47))
    }

    /// Where the driver lists zpos, it orders the planes, not their ids.
    @Test func zposStacksBeforeIds() {
        let planes = [
            Self.overlay(40, [Self.xr24, Self.ar24], zpos: 1), Self.overlay(41, [Self.xr24], zpos: 0),
            Self.overlay(42, [Self.ar24], zpos: 2),
        ]
        #expect(PlaneInfo.stacked(planes).map(\.id) == [41, 40, 42])
        #expect(Self.choose(planes) == .planes(picture: 41, layer: 42))
    }

    @Test func eachReasonForTheComposedPath() {
        let both = Self.overlay(33, [Self.ar24, Self.xr24])
        #expect(
            Self.choose([both, Self.overlay(35, [Self.ar24])], rotation: .clockwise90)
                == .composed(.rotated(.clockwise90)))
        #expect(Self.choose([Self.overlay(33, [Self.xr24], crtcs: 0b10)]) == .composed(.noOverlay(crtcID: 51)))
        #expect(Self.choose([Self.overlay(33, [Self.rg16, Self.ar24])]) == .composed(.noFormat("XR24")))
        // The only AR24 plane is below the picture's: the layer would be hidden under it.
        #expect(
            Self.choose([Self.overlay(33, [Self.ar24]), Self.overlay(35, [Self.xr24])])
                == .composed(.nothingAbove(picture: 35)))
        #expect(Self.choose([both]) == .composed(.nothingAbove(picture: 33)))
        #expect(
            VideoPlanes.Reason.nothingAbove(picture: 35).description == "no overlay plane above plane 35 takes AR24")
    }

    @Test func theStatusNamesThePairOrWhyNone() {
        #expect(VideoPlanes.planes(picture: 40, layer: 41).summary == "planes 40 and 41")
        #expect(VideoPlanes.composed(.noOverlay(crtcID: 38)).summary == "none: CRTC 38 has no overlay plane")
        #expect(
            VideoPlanes.composed(.refused("drmModeAtomicCommit: errno 22")).summary
                == "none: the driver refused the pair: drmModeAtomicCommit: errno 22")
    }

    @Test func aPictureOnScreenIsPlacedWhole() {
        let picture = PixelRect(x: 16, y: 16, width: 992, height: 736)
        #expect(
            PlanePlacement.place(picture: picture, screen: PixelSize(width: 1024, height: 768))
                == PlanePlacement(source: PixelRect(x: 0, y: 0, width: 992, height: 736), destination: picture))
    }

    /// Mid-swipe, past the left or the right edge (and past the bottom too): the plane shows the part on screen,
    /// from the matching part of the buffer.
    @Test func aPicturePastAnEdgeIsClipped() {
        let screen = PixelSize(width: 1024, height: 768)
        #expect(
            PlanePlacement.place(picture: PixelRect(x: -80, y: 618, width: 320, height: 200), screen: screen)
                == PlanePlacement(
                    source: PixelRect(x: 80, y: 0, width: 240, height: 150),
                    destination: PixelRect(x: 0, y: 618, width: 240, height: 150)))
        #expect(
            PlanePlacement.place(picture: PixelRect(x: 900, y: 16, width: 992, height: 736), screen: screen)
                == PlanePlacement(
                    source: PixelRect(x: 0, y: 0, width: 124, height: 736),
                    destination: PixelRect(x: 900, y: 16, width: 124, height: 736)))
    }

    @Test func aPictureOffScreenHasNoPlace() {
        let screen = PixelSize(width: 1024, height: 768)
        #expect(
            PlanePlacement.place(picture: PixelRect(x: 1024, y: 16, width: 992, height: 736), screen: screen) == nil)
        #expect(
            PlanePlacement.place(picture: PixelRect(x: -992, y: 16, width: 992, height: 736), screen: screen) == nil)
    }
}
