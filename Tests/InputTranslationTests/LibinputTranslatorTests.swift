import CarouselEngine
import DisplaySelection
import InputTranslation
import Testing

@Suite struct LibinputTranslatorTests {
    let panel = InputDeviceID(rawValue: 1)
    let mouse = InputDeviceID(rawValue: 2)
    let other = InputDeviceID(rawValue: 3)

    func translator(rotation: DisplayRotation = .none) -> LibinputTranslator {
        var translator = LibinputTranslator(
            transform: TouchTransform(scanoutSize: PixelSize(width: 1000, height: 500), rotation: rotation))
        let touch = InputDeviceInfo(
            name: "ft5406", sysname: "event0", capabilities: .touch, size: MillimetrePoint(x: 200, y: 100))
        _ = translator.translate(.deviceAdded(panel, touch))
        _ = translator.translate(
            .deviceAdded(mouse, InputDeviceInfo(name: "mouse", sysname: "event1", capabilities: .pointer, size: nil)))
        return translator
    }

    func ms(_ value: Int) -> Duration { .milliseconds(value) }

    @Test func touchesWaitForTheirFrame() {
        var input = translator()
        let down = input.translate(
            .touchDown(panel, seatSlot: 0, panel: .init(x: 0.5, y: 0.5), millimetres: .init(x: 100, y: 50), time: ms(1))
        )
        #expect(down.isEmpty)
        let frame = input.translate(.touchFrame(panel, time: ms(1)))
        #expect(
            frame == [
                .touchDown(
                    slot: 0, position: PixelPoint(x: 500, y: 250), millimetres: .init(x: 100, y: 50), time: ms(1))
            ])
    }

    @Test func upHasTheSlotsLastPositionKeptAndNoCoordinates() {
        var input = translator()
        _ = input.translate(.touchDown(panel, seatSlot: 3, panel: .init(x: 0.1, y: 0.1), millimetres: nil, time: ms(1)))
        _ = input.translate(
            .touchMotion(panel, seatSlot: 3, panel: .init(x: 0.2, y: 0.1), millimetres: nil, time: ms(2)))
        #expect(input.activeSlots[3] == PixelPoint(x: 200, y: 50))
        _ = input.translate(.touchUp(panel, seatSlot: 3, time: ms(3)))
        let events = input.translate(.touchFrame(panel, time: ms(3)))
        #expect(
            events == [
                .touchDown(slot: 3, position: PixelPoint(x: 100, y: 50), millimetres: nil, time: ms(1)),
                .touchMotion(slot: 3, position: PixelPoint(x: 200, y: 50), millimetres: nil, time: ms(2)),
                .touchUp(slot: 3, time: ms(3)),
            ])
        #expect(input.activeSlots.isEmpty)
    }

    @Test func twoFingersInOneFrameArriveTogether() {
        var input = translator()
        _ = input.translate(.touchDown(panel, seatSlot: 0, panel: .init(x: 0, y: 0), millimetres: nil, time: ms(5)))
        _ = input.translate(.touchDown(panel, seatSlot: 1, panel: .init(x: 1, y: 1), millimetres: nil, time: ms(5)))
        let events = input.translate(.touchFrame(panel, time: ms(5)))
        #expect(events.count == 2)
        #expect(input.activeSlots.count == 2)
        #expect(input.activeSlots[1] == PixelPoint(x: 999, y: 499))
    }

    @Test func upWithoutFrameIsReleasedByFlush() {
        var input = translator()
        _ = input.translate(.touchDown(panel, seatSlot: 0, panel: .init(x: 0, y: 0), millimetres: nil, time: ms(1)))
        _ = input.translate(.touchFrame(panel, time: ms(1)))
        #expect(input.translate(.touchUp(panel, seatSlot: 0, time: ms(2))).isEmpty)
        #expect(input.flush() == [.touchUp(slot: 0, time: ms(2))])
        #expect(input.flush().isEmpty)
    }

    @Test func cancelEndsTheContact() {
        var input = translator()
        _ = input.translate(.touchDown(panel, seatSlot: 0, panel: .init(x: 0, y: 0), millimetres: nil, time: ms(1)))
        _ = input.translate(.touchCancel(panel, seatSlot: 0, time: ms(2)))
        let events = input.translate(.touchFrame(panel, time: ms(2)))
        #expect(events.last == .touchCancel(slot: 0, time: ms(2)))
        #expect(input.activeSlots.isEmpty)
    }

    @Test func upOrCancelForAnUnknownSlotIsDropped() {
        var input = translator()
        _ = input.translate(.touchUp(panel, seatSlot: 7, time: ms(1)))
        _ = input.translate(.touchCancel(panel, seatSlot: 8, time: ms(1)))
        #expect(input.translate(.touchFrame(panel, time: ms(1))).isEmpty)
    }

    @Test func motionWithoutDownStartsAContact() {
        var input = translator()
        _ = input.translate(.touchMotion(panel, seatSlot: 2, panel: .init(x: 0.5, y: 0), millimetres: nil, time: ms(1)))
        #expect(
            input.translate(.touchFrame(panel, time: ms(1)))
                == [.touchDown(slot: 2, position: PixelPoint(x: 500, y: 0), millimetres: nil, time: ms(1))])
    }

    @Test func rotationAppliesToPositionAndMillimetres() {
        var input = translator(rotation: .clockwise90)
        _ = input.translate(
            .touchDown(panel, seatSlot: 0, panel: .init(x: 1, y: 0), millimetres: .init(x: 200, y: 0), time: ms(1)))
        #expect(
            input.translate(.touchFrame(panel, time: ms(1)))
                == [.touchDown(slot: 0, position: PixelPoint(x: 0, y: 0), millimetres: .init(x: 0, y: 0), time: ms(1))])
    }

    @Test func unpluggedPanelCancelsItsContactsOnly() {
        var input = translator()
        _ = input.translate(
            .deviceAdded(other, InputDeviceInfo(name: "b", sysname: "event4", capabilities: .touch, size: nil)))
        _ = input.translate(.touchDown(panel, seatSlot: 0, panel: .init(x: 0, y: 0), millimetres: nil, time: ms(1)))
        _ = input.translate(.touchDown(other, seatSlot: 1, panel: .init(x: 0, y: 0), millimetres: nil, time: ms(1)))
        _ = input.translate(.touchFrame(panel, time: ms(4)))
        let events = input.translate(.deviceRemoved(panel))
        #expect(events == [.touchCancel(slot: 0, time: ms(4))])
        #expect(Array(input.activeSlots.keys) == [1])
        #expect(input.devices[panel] == nil)
        #expect(input.devices[other]?.name == "b")
    }

    @Test func relativeMouseActsAsAFingerClampedToTheDisplay() {
        var input = translator()
        #expect(
            input.translate(.pointerMotion(mouse, dx: 10, dy: -5, time: ms(1))) == [
                .pointerMotion(position: PixelPoint(x: 510, y: 245), time: ms(1))
            ])
        #expect(
            input.translate(.pointerMotion(mouse, dx: 5000, dy: -5000, time: ms(2))) == [
                .pointerMotion(position: PixelPoint(x: 999, y: 0), time: ms(2))
            ])
        #expect(
            input.translate(.pointerMotion(mouse, dx: -10, dy: 10, time: ms(3))) == [
                .pointerMotion(position: PixelPoint(x: 989, y: 10), time: ms(3))
            ])
    }

    @Test func absolutePointerUsesTheDisplayTransform() {
        var input = translator(rotation: .clockwise180)
        #expect(
            input.translate(.pointerMotionAbsolute(mouse, panel: .init(x: 0.25, y: 0.5), time: ms(1))) == [
                .pointerMotion(position: PixelPoint(x: 750, y: 250), time: ms(1))
            ])
    }

    @Test func onlyTheLeftButtonOfOneMouseCounts() {
        var input = translator()
        #expect(input.translate(.pointerButton(mouse, button: 0x111, pressed: true, time: ms(1))).isEmpty)
        #expect(
            input.translate(.pointerButton(mouse, button: 0x110, pressed: true, time: ms(2))) == [
                .pointerButton(pressed: true, time: ms(2))
            ])
        #expect(input.translate(.pointerButton(other, button: 0x110, pressed: true, time: ms(3))).isEmpty)
        #expect(input.translate(.pointerButton(other, button: 0x110, pressed: false, time: ms(4))).isEmpty)
        #expect(
            input.translate(.pointerButton(mouse, button: 0x110, pressed: false, time: ms(5))) == [
                .pointerButton(pressed: false, time: ms(5))
            ])
    }

    @Test func unpluggedMouseReleasesItsButton() {
        var input = translator()
        _ = input.translate(.pointerButton(mouse, button: 0x110, pressed: true, time: ms(2)))
        #expect(input.translate(.deviceRemoved(mouse)) == [.pointerButton(pressed: false, time: ms(2))])
        #expect(input.translate(.pointerButton(mouse, button: 0x110, pressed: false, time: ms(3))).isEmpty)
    }

    @Test(arguments: [
        (UInt32(105), CarouselKey.left), (106, .right), (102, .home), (107, .end), (28, .enter), (96, .enter),
    ])
    func keysMapOnPress(code: UInt32, key: CarouselKey) {
        var input = translator()
        #expect(input.translate(.key(other, code: code, pressed: true, time: ms(1))) == [.key(key, time: ms(1))])
        #expect(input.translate(.key(other, code: code, pressed: false, time: ms(2))).isEmpty)
    }

    @Test func otherKeysAreIgnored() {
        var input = translator()
        #expect(input.translate(.key(other, code: 30, pressed: true, time: ms(1))).isEmpty)
    }

    @Test func capabilitiesReadLikeLibinput() {
        #expect(InputCapabilities([.keyboard, .pointer]).description == "keyboard pointer")
        #expect(InputCapabilities.touch.description == "touch")
        #expect(InputCapabilities().description == "none")
    }
}
