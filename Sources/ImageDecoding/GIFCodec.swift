import CGIF
import FileAccess
import Raster

/// Every call into giflib: `DGifOpen` over our own reader (the file a chunk at a time, or bytes in memory), then
/// record by record (`DGifGetRecordType`, `DGifGetExtension`, `DGifGetImageDesc`, `DGifGetLine`), so that an
/// animation's frames are decoded one at a time; `DGifSlurp` would hold them all. giflib decodes; what a frame
/// shows is put together here, as GIF89a says and browsers and ffmpeg do: the canvas starts transparent, a frame's
/// transparent index leaves what is under it, and its disposal (leave, clear to transparent, or restore what was
/// there before it) happens before the next frame is drawn.
final class GIFAnimation: AnimationDecoder {
    let width: Int
    let height: Int
    private(set) var plays: Int? = 1
    private let path: String
    private let limits: ImageLimits
    private let input: GIFInput
    private var gif: UnsafeMutablePointer<GifFileType>
    /// The canvas as the last frame showed it, premultiplied ARGB.
    private var canvas: [UInt32]
    /// What the last frame asked to happen to its rectangle before the next is drawn.
    private var disposal: (mode: Int32, rect: PixelRect, saved: [UInt32]?)?
    /// The graphics control block read since the last image: it belongs to the next one.
    private var control = GIFAnimation.noControl
    /// A frame without a graphics control block: no disposal, no delay, no transparent colour.
    private static let noControl = GraphicsControlBlock(
        DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
    /// Reading past a frame failed: thrown at the next `nextFrame()`, so that the frame decoded is still shown.
    private var cutShort = FramesCutShort()
    /// The next record is an image (read ahead, so the loop count and the end are known before they are needed).
    private var atImage = false

    /// Opens the GIF read by `fetch` (a chunk of the file from an offset; empty at its end) and reads up to its first
    /// image; `path` labels errors.
    init(path: String, limits: ImageLimits, fetch: @escaping (_ offset: Int) throws(ImageError) -> [UInt8])
        throws(ImageError)
    {
        self.path = path
        self.limits = limits
        input = GIFInput(fetch: fetch)
        gif = try Self.open(input, path: path)
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        // Every property is set from here, so a throw below runs deinit, which closes the file.
        canvas = []
        try limits.check(width: width, height: height, call: "DGifOpen", path: path)
        canvas = Array(repeating: 0, count: width * height)
        try readToImage()
    }

    deinit {
        Self.close(gif)
    }

    func nextFrame() throws(ImageError) -> AnimationFrame? {
        guard cutShort.failure == nil, atImage else { return try cutShort.end() }
        atImage = false
        try check(DGifGetImageDesc(gif), "DGifGetImageDesc")
        let image = gif.pointee.Image
        let frame = PixelRect(
            x: Int(image.Left), y: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
        try limits.check(width: frame.width, height: frame.height, call: "DGifGetImageDesc", path: path)
        guard let colors = image.ColorMap ?? gif.pointee.SColorMap else {
            throw ImageError(.corrupt, call: "DGifGetImageDesc", message: "a frame without colours", path: path)
        }
        dispose()
        let shown = frame.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        let mode = control.DisposalMode
        // A frame wholly off the canvas (its overlap empty, possibly placed past the edge) has nothing to dispose.
        disposal =
            shown.width > 0 && shown.height > 0 ? (mode, shown, mode == DISPOSE_PREVIOUS ? copy(of: shown) : nil) : nil
        try draw(
            frame, visible: shown, palette: palette(colors, transparent: control.TransparentColor),
            interlaced: image.Interlace)
        let duration = AnimationFrame.playedDuration(milliseconds: Int(control.DelayTime) * 10)
        control = Self.noControl
        do {
            try readToImage()
        } catch {
            cutShort.stop(at: error)
        }
        guard let bitmap = Bitmap(width: width, height: height, premultipliedPixels: canvas) else { return nil }
        return AnimationFrame(bitmap: bitmap, duration: duration)
    }

    func rewind() throws(ImageError) {
        let reopened = try Self.open(input, path: path)
        Self.close(gif)
        gif = reopened
        canvas = Array(repeating: 0, count: width * height)
        disposal = nil
        control = Self.noControl
        cutShort = FramesCutShort()
        atImage = false
        try readToImage()
    }

    /// Reads records up to the next image descriptor (or the end), taking in the extensions on the way.
    private func readToImage() throws(ImageError) {
        while true {
            var record = UNDEFINED_RECORD_TYPE
            try check(DGifGetRecordType(gif, &record), "DGifGetRecordType")
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                atImage = true
                return
            case EXTENSION_RECORD_TYPE: try readExtension()
            case TERMINATE_RECORD_TYPE: return
            default:
                throw ImageError(.corrupt, call: "DGifGetRecordType", message: "unknown record", path: path)
            }
        }
    }

    /// An extension and all its sub-blocks: a graphics control block for the next image, or the loop count
    /// (NETSCAPE2.0, also written as ANIMEXTS1.0: sub-block 1, then the count; 0 loops for ever).
    private func readExtension() throws(ImageError) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetExtension(gif, &code, &block), "DGifGetExtension")
        var application = ""
        var first = true
        while let data = block {
            let length = Int(data[0])
            if code == GRAPHICS_EXT_FUNC_CODE, first {
                try check(DGifExtensionToGCB(length, data + 1, &control), "DGifExtensionToGCB")
            } else if code == APPLICATION_EXT_FUNC_CODE, first {
                application = String(decoding: UnsafeBufferPointer(start: data + 1, count: length), as: UTF8.self)
            } else if code == APPLICATION_EXT_FUNC_CODE, application == "NETSCAPE2.0" || application == "ANIMEXTS1.0",
                length >= 3, data[1] == 1
            {
                let loops = Int(data[2]) | Int(data[3]) << 8
                plays = loops == 0 ? nil : loops + 1
            }
            first = false
            try check(DGifGetExtensionNext(gif, &block), "DGifGetExtensionNext")
        }
    }

    /// What the last frame's disposal asks, before the next frame is drawn over the canvas.
    private func dispose() {
        guard let (mode, rect, saved) = disposal else { return }
        switch mode {
        case DISPOSE_BACKGROUND:
            // Transparent, not the background colour, as browsers and ffmpeg do.
            for y in rect.y..<rect.y + rect.height {
                canvas.replaceSubrange(
                    y * width + rect.x..<y * width + rect.x + rect.width, with: repeatElement(0, count: rect.width))
            }
        case DISPOSE_PREVIOUS:
            guard let saved else { return }
            for row in 0..<rect.height {
                let start = (rect.y + row) * width + rect.x
                canvas.replaceSubrange(
                    start..<start + rect.width, with: saved[row * rect.width..<(row + 1) * rect.width])
            }
        default: break
        }
        disposal = nil
    }

    private func copy(of rect: PixelRect) -> [UInt32] {
        var saved: [UInt32] = []
        saved.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height { saved += canvas[y * width + rect.x..<y * width + rect.x + rect.width] }
        return saved
    }

    /// The frame's colours as premultiplied ARGB, by index; the transparent one (and any index past the map) 0.
    private func palette(_ map: UnsafeMutablePointer<ColorMapObject>, transparent: Int32) -> [UInt32] {
        var palette = [UInt32](repeating: 0, count: 256)
        let count = min(256, Int(map.pointee.ColorCount))
        guard let colors = map.pointee.Colors else { return palette }
        for index in 0..<count where index != Int(transparent) {
            let color = colors[index]
            palette[index] = 0xFF00_0000 | UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
        }
        return palette
    }

    /// Decodes the frame's rows (in interlaced order if it is) and draws them over the canvas where they are
    /// visible; index `transparent` (0 in the palette) leaves what is under it.
    private func draw(_ frame: PixelRect, visible: PixelRect, palette: [UInt32], interlaced: Bool) throws(ImageError) {
        var line = [GifPixelType](repeating: 0, count: frame.width)
        for y in Self.rowOrder(height: frame.height, interlaced: interlaced) {
            let read = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(frame.width)) }
            try check(read, "DGifGetLine")
            let canvasY = frame.y + y
            guard canvasY >= visible.y, canvasY < visible.y + visible.height else { continue }
            for x in visible.x..<visible.x + visible.width {
                let color = palette[Int(line[x - frame.x])]
                if color != 0 { canvas[canvasY * width + x] = color }
            }
        }
    }

    /// The order rows arrive in: top to bottom, or GIF's four interlace passes (every 8th row from 0, every 8th
    /// from 4, every 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    private func check(_ result: Int32, _ call: String) throws(ImageError) {
        guard result == GIF_ERROR else { return }
        if let failure = input.failure { throw failure }
        throw ImageError(.corrupt, call: call, message: Self.message(gif.pointee.Error), path: path)
    }

    private static func open(_ input: GIFInput, path: String) throws(ImageError) -> UnsafeMutablePointer<GifFileType> {
        input.rewind()
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(input).toOpaque(), readGIF, &error) else {
            if let failure = input.failure { throw failure }
            throw ImageError(.corrupt, call: "DGifOpen", message: message(error), path: path)
        }
        return gif
    }

    private static func close(_ gif: UnsafeMutablePointer<GifFileType>) {
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// giflib's read callback: the input is the file's user data (held by the `GIFAnimation`, which outlives the file).
private let readGIF: InputFunc = { gif, buffer, count in
    guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
    return Int32(Unmanaged<GIFInput>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(count)))
}

/// The bytes giflib reads, a chunk at a time from wherever `fetch` gets them; a failed fetch is kept to be thrown
/// in place of giflib's "read failed".
final class GIFInput {
    private let fetch: (_ offset: Int) throws(ImageError) -> [UInt8]
    private var chunk: [UInt8] = []
    private var chunkStart = 0
    private var position = 0
    private(set) var failure: ImageError?

    init(fetch: @escaping (_ offset: Int) throws(ImageError) -> [UInt8]) {
        self.fetch = fetch
    }

    func rewind() {
        position = 0
        failure = nil
    }

    /// Copies up to `count` bytes into `buffer`; fewer at the end of the data or after a failure.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        var copied = 0
        while copied < count {
            if position < chunkStart || position >= chunkStart + chunk.count {
                do {
                    chunk = try fetch(position)
                } catch {
                    failure = error
                    return copied
                }
                chunkStart = position
                if chunk.isEmpty { break }
            }
            let taken = min(count - copied, chunkStart + chunk.count - position)
            chunk.withUnsafeBufferPointer { source in
                guard let base = source.baseAddress else { return }
                (buffer + copied).update(from: base + (position - chunkStart), count: taken)
            }
            copied += taken
            position += taken
        }
        return copied
    }
}

extension GIFAnimation {
    /// The first frame as a still, covering `fitting` (area-averaged when the canvas is at least twice as large).
    /// No note when frames follow: an animated GIF plays (`animation(path:)`), and this is its first frame.
    static func firstFrame(of gif: GIFAnimation, fitting: (width: Int, height: Int)?) throws(ImageError)
        -> DecodedImage
    {
        guard var bitmap = try gif.nextFrame()?.bitmap else {
            throw ImageError(.corrupt, call: "DGifGetRecordType", message: "no image in the file", path: gif.path)
        }
        if let fitting {
            let size = DecodeSize.covering(fitting, from: (gif.width, gif.height))
            if size != (gif.width, gif.height) { bitmap = bitmap.scaled(width: size.width, height: size.height) }
        }
        return DecodedImage(bitmap: bitmap)
    }
}
