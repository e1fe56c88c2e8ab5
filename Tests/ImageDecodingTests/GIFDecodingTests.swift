import Raster
import Testing

@testable import ImageDecoding

/// Animated GIFs made byte by byte (`HandMadeGIF`), decoded by giflib and put together frame by frame as GIF89a
/// says: what each frame shows, for how long, and how many times.
@Suite struct GIFDecodingTests {
    /// Index 0 black, 1 red, 2 green, 3 blue, 4 white.
    static let colors: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    static let argb: [UInt32] = [0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]

    static func frames(_ gif: HandMadeGIF) throws -> (plays: Int?, [AnimationFrame]) {
        let animation = try ImageDecoder().gifAnimation(bytes: gif.bytes, path: "test.gif")
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        return (animation.plays, frames)
    }

    static func solid(_ width: Int, _ height: Int, _ index: UInt8, delay: Int = 10, disposal: Int = 0)
        -> HandMadeGIF.Frame
    {
        HandMadeGIF.Frame(
            width: width, height: height, indices: Array(repeating: index, count: width * height), delay: delay,
            disposal: disposal)
    }

    @Test func transparentPixelsLeaveWhatIsUnderThem() throws {
        var over = HandMadeGIF.Frame(x: 1, y: 1, width: 2, height: 2, indices: [2, 9, 9, 3], transparent: 9)
        over.delay = 25
        let gif = HandMadeGIF(width: 4, height: 3, colors: Self.colors, loops: 0, frames: [Self.solid(4, 3, 1), over])
        let (plays, frames) = try Self.frames(gif)
        #expect(plays == nil, "NETSCAPE2.0 with 0 loops for ever")
        #expect(frames.map(\.duration) == [.milliseconds(100), .milliseconds(250)])
        #expect(frames[0].bitmap.pixels == Array(repeating: Self.argb[1], count: 12))
        let (r, g, b) = (Self.argb[1], Self.argb[2], Self.argb[3])
        #expect(frames[1].bitmap.pixels == [r, r, r, r, r, g, r, r, r, r, b, r])
    }

    @Test func eachDisposalHappensBeforeTheNextFrame() throws {
        // Red everywhere; green in the middle, then cleared (2); blue on the left, then put back as it was (3);
        // white in a corner, left (1).
        var green = HandMadeGIF.Frame(x: 1, y: 0, width: 2, height: 1, indices: [2, 2], disposal: 2)
        green.delay = 5
        let blue = HandMadeGIF.Frame(x: 0, y: 0, width: 1, height: 1, indices: [3], disposal: 3)
        let white = HandMadeGIF.Frame(x: 3, y: 0, width: 1, height: 1, indices: [4], disposal: 1)
        let gif = HandMadeGIF(
            width: 4, height: 1, colors: Self.colors, loops: 2, frames: [Self.solid(4, 1, 1), green, blue, white])
        let (plays, frames) = try Self.frames(gif)
        #expect(plays == 3, "two loops after the first play")
        let (r, g, b, w) = (Self.argb[1], Self.argb[2], Self.argb[3], Self.argb[4])
        #expect(frames.map(\.bitmap.pixels) == [[r, r, r, r], [r, g, g, r], [b, 0, 0, r], [r, 0, 0, w]])
    }

    @Test func interlacedRowsLandWhereTheyBelong() throws {
        let rows = (0..<10).map { UInt8($0 % 5) }
        var frame = HandMadeGIF.Frame(width: 2, height: 10, indices: rows.flatMap { [$0, $0] })
        frame.interlaced = true
        let (_, frames) = try Self.frames(HandMadeGIF(width: 2, height: 10, colors: Self.colors, frames: [frame]))
        #expect(frames.count == 1)
        #expect(frames[0].bitmap.pixels == rows.flatMap { [Self.argb[Int($0)], Self.argb[Int($0)]] })
    }

    @Test func delaysOfTenMillisecondsOrLessPlayAtATenthOfASecondAndNoLoopExtensionPlaysOnce() throws {
        let frames = [0, 1, 2, 7, 150].map { Self.solid(1, 1, 1, delay: $0) }
        let (plays, decoded) = try Self.frames(HandMadeGIF(width: 1, height: 1, colors: Self.colors, frames: frames))
        #expect(plays == 1)
        #expect(decoded.map(\.duration) == [100, 100, 20, 70, 1500].map { .milliseconds($0) })
    }

    @Test func aFramePastTheCanvasIsCut() throws {
        let frame = HandMadeGIF.Frame(x: 2, y: 1, width: 3, height: 2, indices: [1, 2, 3, 4, 3, 2])
        // Wholly off the canvas, and to be cleared or put back after: nothing to clear or put back (a fuzzer found
        // the canvas indexed past its end).
        let away = [2, 3].map { HandMadeGIF.Frame(x: 7, y: 1, width: 2, height: 1, indices: [3, 3], disposal: $0) }
        let gif = HandMadeGIF(width: 3, height: 2, colors: Self.colors, frames: [frame] + away + [away[0]])
        let (_, frames) = try Self.frames(gif)
        #expect(frames.map(\.bitmap.pixels) == Array(repeating: [0, 0, 0, 0, 0, Self.argb[1]], count: 4))
    }

    @Test func rewoundItPlaysTheSameFramesAgain() throws {
        let gif = HandMadeGIF(
            width: 2, height: 1, colors: Self.colors,
            frames: [Self.solid(2, 1, 1), HandMadeGIF.Frame(width: 1, height: 1, indices: [3])])
        let animation = try ImageDecoder().gifAnimation(bytes: gif.bytes, path: "test.gif")
        let first = [try animation.nextFrame(), try animation.nextFrame(), try animation.nextFrame()]
        try animation.rewind()
        let second = [try animation.nextFrame(), try animation.nextFrame(), try animation.nextFrame()]
        #expect(first == second && first[1] != nil && first[2] == nil)
    }

    @Test func theStillOfAnAnimationIsItsFirstFrame() throws {
        let gif = HandMadeGIF(
            width: 8, height: 4, colors: Self.colors, frames: [Self.solid(8, 4, 2), Self.solid(8, 4, 3)])
        let decoded = try ImageDecoder().decodeImage(bytes: gif.bytes, path: "a.gif")
        #expect(decoded.bitmap.pixels == Array(repeating: Self.argb[2], count: 32))
        #expect(decoded.note == nil)  // it plays: nothing is left out
        let single = HandMadeGIF(width: 8, height: 4, colors: Self.colors, frames: [Self.solid(8, 4, 2)])
        #expect(try ImageDecoder().decodeImage(bytes: single.bytes, path: "b.gif").note == nil)
        let fitted = try ImageDecoder().decode(bytes: gif.bytes, path: "a.gif", fitting: (4, 2))
        #expect(fitted.width == 4 && fitted.height == 2 && fitted.pixels.allSatisfy { $0 == Self.argb[2] })
        #expect(try ImageDecoder().size(bytes: gif.bytes) == (8, 4))
    }

    @Test func badFilesAreOneClearError() throws {
        let gif = HandMadeGIF(
            width: 40, height: 30, colors: Self.colors, frames: [Self.solid(40, 30, 1), Self.solid(40, 30, 2)])
        let bytes = gif.bytes
        // Cut inside the second frame's data: the first frame still decodes, the second is an error.
        let cut = try ImageDecoder().gifAnimation(bytes: Array(bytes.prefix(bytes.count - 200)), path: "cut.gif")
        #expect(try cut.nextFrame() != nil)
        #expect(throws: ImageError.self) { try cut.nextFrame() }
        // Cut inside the extension after the first frame, which is read ahead with it: the frame is still given.
        let one = HandMadeGIF(width: 40, height: 30, colors: Self.colors, frames: [Self.solid(40, 30, 1)]).bytes
        let early = try ImageDecoder().gifAnimation(bytes: Array(bytes.prefix(one.count - 1 + 3)), path: "early.gif")
        #expect(try early.nextFrame()?.bitmap.pixels.first == Self.argb[1])
        #expect(throws: ImageError.self) { try early.nextFrame() }
        let huge = HandMadeGIF(width: 20000, height: 2, colors: Self.colors, frames: [Self.solid(1, 1, 1)])
        #expect(
            throws: ImageError(
                .tooLarge(width: 20000, height: 2), call: "limits",
                message: "at most 16384 px a side and 64 megapixels", path: "huge.gif")
        ) {
            try ImageDecoder().gifAnimation(bytes: huge.bytes, path: "huge.gif")
        }
        #expect(throws: ImageError.self) {
            try ImageDecoder().decode(bytes: Array(bytes.prefix(20)), path: "header.gif")
        }
    }
}
