import CPNG
import CPNGRows
import FileAccess
import Raster

/// The downscaling path: libpng's row API (through the CPNGRows shim, which catches libpng's longjmp errors)
/// feeding an `AreaAverager`, so a PNG larger than its banner never exists whole in memory, only its output, one
/// row of the file and the averager's sums; read from disk, not even the file is, only a chunk of it at a time.
extension PNGCodec {
    /// The CPNGRows shim's readers and their errors.
    static let shim = ShimReader(
        create: "png_create_read_struct", destroy: { bannerd_png_rows_destroy($0) },
        message: { bannerd_png_rows_message($0).map { String(cString: $0) } ?? "" })

    /// One Adam7 pass as `PNG_PASS_START_ROW`, `PNG_PASS_START_COL`, `PNG_PASS_ROW_SHIFT` and
    /// `PNG_PASS_COL_SHIFT` define it (png.h, function-like macros that do not import): where its pixels sit.
    struct Pass: Equatable {
        var firstRow: Int
        var firstColumn: Int
        var rowStep: Int
        var columnStep: Int

        /// How many of the image's `count` rows (or columns) from `first` on, every `step`.
        static func count(_ count: Int, first: Int, step: Int) -> Int {
            count > first ? (count - first + step - 1) / step : 0
        }

        /// A non-interlaced image: one pass, every pixel.
        static let whole = [Pass(firstRow: 0, firstColumn: 0, rowStep: 1, columnStep: 1)]
        /// Adam7's seven passes in file order.
        static let adam7 = [
            Pass(firstRow: 0, firstColumn: 0, rowStep: 8, columnStep: 8),
            Pass(firstRow: 0, firstColumn: 4, rowStep: 8, columnStep: 8),
            Pass(firstRow: 4, firstColumn: 0, rowStep: 8, columnStep: 4),
            Pass(firstRow: 0, firstColumn: 2, rowStep: 4, columnStep: 4),
            Pass(firstRow: 2, firstColumn: 0, rowStep: 4, columnStep: 2),
            Pass(firstRow: 0, firstColumn: 1, rowStep: 2, columnStep: 2),
            Pass(firstRow: 1, firstColumn: 0, rowStep: 2, columnStep: 1),
        ]
    }

    /// `PNG_INTERLACE_ADAM7`, `PNG_COLOR_MASK_COLOR`, `PNG_FILLER_AFTER`, `PNG_ALPHA_PNG` and `PNG_DEFAULT_sRGB`
    /// from png.h.
    static let interlaceAdam7: UInt8 = 1
    static let colorMaskColor: UInt8 = 2
    static let fillerAfter: Int32 = 1
    static let alphaPNG: Int32 = 0
    static let defaultSRGB: Double = -1
    /// `PNG_GAMMA_LINEAR` in the floating-point API.
    static let gammaLinear: Double = 1

    /// Decodes the PNG a row at a time into an area average of about `size` (see `AreaAverager`). An interlaced
    /// PNG is read pass by pass as seven small images (without `png_set_interlace_handling`, which would need the
    /// whole image to merge passes into), each pixel added where it sits in the full image.
    static func decodeRows(_ bytes: [UInt8], averagingInto size: (width: Int, height: Int), path: String)
        throws(ImageError) -> Bitmap
    {
        let result: Result<Bitmap, ImageError> = bytes.withUnsafeBytes { raw in
            let reader = bannerd_png_rows_create(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
            return Result { () throws(ImageError) in
                try shim.with(reader, path: path) { reader throws(ImageError) in
                    let source = try readInfo(reader, path: path)
                    return try readRows(reader, size: source, averagingInto: size, path: path)
                }
            }
        }
        return try result.get()
    }

    /// As `decodeRows(_:averagingInto:path:)`, reading the PNG file through its descriptor instead of from memory,
    /// once its chunk lengths and then its header (IHDR against `limits`) have passed. Nil when it is not at least
    /// twice the size that covers `fitting`, for the caller to decode whole.
    static func decodeRows(
        _ file: OpenFile, limits: ImageLimits, fitting: (width: Int, height: Int)
    ) throws(ImageError) -> Bitmap? {
        let path = file.path
        try checkChunkLengths(byteCount: file.byteCount, path: path) { offset throws(ImageError) in
            try file.imageBytes(count: 8, at: offset)
        }
        return try shim.with(bannerd_png_rows_create_fd(file.descriptor, OpenFile.chunkBytes), path: path) {
            reader throws(ImageError) -> Bitmap? in
            let source = try readInfo(reader, path: path)
            try limits.check(width: source.width, height: source.height, call: "png_read_info", path: path)
            let target = DecodeSize.covering(fitting, from: source)
            guard target != source else { return nil }
            return try readRows(reader, size: source, averagingInto: target, path: path)
        }
    }

    /// `png_read_info`: the chunks before the image data, and the image's size from IHDR.
    private static func readInfo(_ reader: OpaquePointer, path: String) throws(ImageError) -> (width: Int, height: Int)
    {
        try shim.check(bannerd_png_rows_read_info(reader), "png_read_info", reader, path: path)
        let png = bannerd_png_rows_png(reader)
        let info = bannerd_png_rows_info(reader)
        return (Int(png_get_image_width(png, info)), Int(png_get_image_height(png, info)))
    }

    private static func readRows(
        _ reader: OpaquePointer, size source: (width: Int, height: Int),
        averagingInto size: (width: Int, height: Int), path: String
    ) throws(ImageError) -> Bitmap {
        let png = bannerd_png_rows_png(reader)
        let info = bannerd_png_rows_info(reader)
        let (width, height) = source
        // Every layout to 8-bit B, G, R, A with straight alpha in sRGB, as `png_image_finish_read` gives it.
        png_set_expand(png)
        png_set_scale_16(png)
        if png_get_color_type(png, info) & colorMaskColor == 0 { png_set_gray_to_rgb(png) }
        // The first call only sets the file's gamma where it has none: linear for 16-bit samples, as the
        // simplified API assumes; the second converts to sRGB.
        if png_get_bit_depth(png, info) == 16 { png_set_alpha_mode(png, alphaPNG, gammaLinear) }
        png_set_alpha_mode(png, alphaPNG, defaultSRGB)
        png_set_add_alpha(png, 0xFF, fillerAfter)
        png_set_bgr(png)
        let interlaced = png_get_interlace_type(png, info) == interlaceAdam7
        try shim.check(bannerd_png_rows_update_info(reader), "png_read_update_info", reader, path: path)
        guard png_get_rowbytes(png, info) == width * 4 else {
            throw ImageError(.corrupt, call: "png_read_update_info", message: "unexpected row layout", path: path)
        }
        var averager = AreaAverager(
            sourceWidth: width, sourceHeight: height, width: size.width, height: size.height, anyRowOrder: interlaced)
        var row = [UInt32](repeating: 0, count: width)
        for pass in interlaced ? Pass.adam7 : Pass.whole {
            let columns = Pass.count(width, first: pass.firstColumn, step: pass.columnStep)
            let rows = Pass.count(height, first: pass.firstRow, step: pass.rowStep)
            // libpng skips a pass with no pixels (a narrow or short image).
            guard columns > 0, rows > 0 else { continue }
            for r in 0..<rows {
                let ok = row.withUnsafeMutableBytes {
                    bannerd_png_rows_read_row(reader, $0.bindMemory(to: UInt8.self).baseAddress)
                }
                try shim.check(ok, "png_read_row", reader, path: path)
                row.withUnsafeBufferPointer {
                    averager.add(
                        row: UnsafeBufferPointer(rebasing: $0.prefix(columns)), y: pass.firstRow + r * pass.rowStep,
                        firstColumn: pass.firstColumn, columnStep: pass.columnStep)
                }
            }
        }
        try shim.check(bannerd_png_rows_read_end(reader), "png_read_end", reader, path: path)
        return averager.finish()
    }
}
