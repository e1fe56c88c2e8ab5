import CarouselEngine
import DisplaySelection
import InputTranslation
import Testing

/// Several outputs (issue 44): each touch device moves its own output's carousel, mapped to that output's screen.
@Suite struct InputRouterTests {
    let bound = InputDeviceID(rawValue: 1)
    let unbound = InputDeviceID(rawValue: 2)
    let first = TouchTransform(scanoutSize: PixelSize(width: 1920, height: 1080))
    let second = TouchTransform(scanoutSize: PixelSize(width: 800, height: 600))

    /// Two outputs, a panel udev binds to HDMI-A-2 and one it binds to nothing.
    func router(defaultOutput: String? = nil) -> InputRouter {
        var router = InputRouter(transform: first)
        _ = router.drive(
            [("HDMI-A-1", first), ("HDMI-A-2", second)], defaultOutput: defaultOutput, defaultTransform: first)
        _ = router.route(.deviceAdded(bound, panel("event0", output: "HDMI-A-2")))
        _ = router.route(.deviceAdded(unbound, panel("event1", output: nil)))
        return router
    }

    func panel(_ sysname: String, output: String?) -> InputDeviceInfo {
        InputDeviceInfo(name: "panel", sysname: sysname, capabilities: .touch, size: nil, output: output)
    }

    /// A tap's down in the middle of `device`'s panel, with its frame.
    func touch(_ router: inout InputRouter, _ device: InputDeviceID, slot: Int) -> [RoutedInputEvent] {
        _ = router.route(
            .touchDown(device, seatSlot: slot, panel: .init(x: 0.5, y: 0.5), millimetres: nil, time: .zero))
        return router.route(.touchFrame(device, time: .zero))
    }

    func down(_ output: String?, slot: Int, x: Double, y: Double) -> RoutedInputEvent {
        RoutedInputEvent(
            output: output,
            event: .touchDown(slot: slot, position: PixelPoint(x: x, y: y), millimetres: nil, time: .zero))
    }

    @Test func aBoundPanelMovesItsOutputAndTheOtherTheFirst() {
        var input = router()
        #expect(touch(&input, bound, slot: 0) == [down("HDMI-A-2", slot: 0, x: 400, y: 300)])
        #expect(touch(&input, unbound, slot: 1) == [down(nil, slot: 1, x: 960, y: 540)])
    }

    @Test func theConfiguredOutputTakesTheUnboundPanels() {
        var input = router(defaultOutput: "HDMI-A-2")
        #expect(touch(&input, unbound, slot: 0) == [down("HDMI-A-2", slot: 0, x: 400, y: 300)])
        // An output that is not driven is no default.
        var missing = router(defaultOutput: "DSI-1")
        #expect(touch(&missing, unbound, slot: 0) == [down(nil, slot: 0, x: 960, y: 540)])
    }

    @Test func aPanelWhoseOutputGoesAwayHasItsContactCancelledThereAndMovesTheFirst() {
        var input = router()
        _ = touch(&input, bound, slot: 0)
        let cancelled = input.drive([("HDMI-A-1", first)], defaultOutput: nil, defaultTransform: first)
        #expect(cancelled == [RoutedInputEvent(output: "HDMI-A-2", event: .touchCancel(slot: 0, time: .zero))])
        #expect(input.output(of: bound) == nil)
        #expect(touch(&input, bound, slot: 0) == [down(nil, slot: 0, x: 960, y: 540)])
        // Back again: its own output's once more.
        _ = input.drive([("HDMI-A-1", first), ("HDMI-A-2", second)], defaultOutput: nil, defaultTransform: first)
        #expect(input.output(of: bound) == "HDMI-A-2")
    }

    @Test func aNewSizeReachesTheOutputsTranslator() {
        var input = router()
        let rotated = TouchTransform(scanoutSize: PixelSize(width: 600, height: 800))
        _ = input.drive([("HDMI-A-1", first), ("HDMI-A-2", rotated)], defaultOutput: nil, defaultTransform: first)
        #expect(touch(&input, bound, slot: 0) == [down("HDMI-A-2", slot: 0, x: 300, y: 400)])
    }

    @Test func theConfigurationNamesADeviceForAnOutputAndUdevsBindingWins() {
        var input = InputRouter(transform: first, deviceOutputs: ["panel": "HDMI-A-2", "other": "HDMI-A-1"])
        _ = input.drive([("HDMI-A-1", first), ("HDMI-A-2", second)], defaultOutput: nil, defaultTransform: first)
        _ = input.route(.deviceAdded(unbound, panel("event1", output: nil)))
        #expect(touch(&input, unbound, slot: 0) == [down("HDMI-A-2", slot: 0, x: 400, y: 300)])
        // udev says HDMI-A-1: that wins over the configuration's HDMI-A-2.
        _ = input.route(.deviceAdded(bound, panel("event0", output: "HDMI-A-1")))
        #expect(touch(&input, bound, slot: 1) == [down("HDMI-A-1", slot: 1, x: 960, y: 540)])
    }
}
