import CGIF
import Raster

/// An animated GIF written in the run with giflib's own encoder: photo-like frames (`PhotoFixture.picture`, each
/// from its own seed, so every frame differs everywhere) in a 3-3-2 palette, each shown `delay` hundredths of a
/// second, looping for ever. Only the benchmark encodes GIF: bannerd itself never does.
enum AnimatedGIFFixture {
    struct WriteFailed: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call) failed (giflib error \(code))" }
    }

    static func write(to path: String, width: Int, height: Int, frames: Int, delay: Int) throws {
        var error: Int32 = 0
        guard let gif = EGifOpenFileName(path, false, &error) else {
            throw WriteFailed(call: "EGifOpenFileName", code: error)
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        let palette = (0..<256).map { (i: Int) -> GifColorType in
            let red = UInt8((i >> 5) * 255 / 7)
            let green = UInt8(((i >> 2) & 7) * 255 / 7)
            let blue = UInt8((i & 3) * 255 / 3)
            return GifColorType(Red: red, Green: green, Blue: blue)
        }
        guard let map = GifMakeMapObject(256, palette) else { throw WriteFailed(call: "GifMakeMapObject", code: 0) }
        defer { GifFreeMapObject(map) }
        EGifSetGifVersion(gif, true)
        try check("EGifPutScreenDesc", EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), gif)
        // NETSCAPE2.0, loop count 0: for ever.
        try check("EGifPutExtensionLeader", EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif)
        try check("EGifPutExtensionBlock", EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), gif)
        try check("EGifPutExtensionBlock", EGifPutExtensionBlock(gif, 3, [1, 0, 0] as [UInt8]), gif)
        try check("EGifPutExtensionTrailer", EGifPutExtensionTrailer(gif), gif)
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
            TransparentColor: NO_TRANSPARENT_COLOR)
        var controlBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &controlBytes)
        var row = [GifPixelType](repeating: 0, count: width)
        for n in 0..<frames {
            let picture = PhotoFixture.picture(width: width, height: height, seed: 0xA11 + UInt64(n))
            try check(
                "EGifPutExtension", EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), controlBytes), gif)
            try check("EGifPutImageDesc", EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, nil), gif)
            for y in 0..<height {
                for x in 0..<width {
                    let c = Color(premultipliedARGB: picture[x, y])
                    row[x] = (c.red >> 5) << 5 | (c.green >> 5) << 2 | c.blue >> 6
                }
                try check("EGifPutLine", EGifPutLine(gif, &row, Int32(width)), gif)
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw WriteFailed(call: "EGifCloseFile", code: error) }
    }

    private static func check(_ call: String, _ result: Int32, _ gif: UnsafeMutablePointer<GifFileType>) throws {
        guard result == GIF_OK else { throw WriteFailed(call: call, code: gif.pointee.Error) }
    }
}
