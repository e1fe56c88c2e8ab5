import CPNG
import CPNGRows
import Raster

/// The downscaling path: libpng's row API (through the CPNGRows shim, which catches libpng's longjmp errors)
/// feeding an `AreaAverager`, so a PNG larger than its banner never exists whole in memory, only its output, one
/// row of the file and the averager's sums.
extension PNGCodec {
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
            guard let reader = bannerd_png_rows_create(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) else {
                return .failure(
                    ImageError(.corrupt, call: "png_create_read_struct", message: "out of memory", path: path))
            }
            defer { bannerd_png_rows_destroy(reader) }
            do throws(ImageError) {
                return .success(try readRows(reader, averagingInto: size, path: path))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func readRows(
        _ reader: OpaquePointer, averagingInto size: (width: Int, height: Int), path: String
    ) throws(ImageError) -> Bitmap {
        func check(_ ok: Int32, _ call: String) throws(ImageError) {
            guard ok == 0 else { return }
            let text = bannerd_png_rows_message(reader).map { String(cString: $0) } ?? ""
            throw ImageError(.corrupt, call: call, message: text, path: path)
        }
        try check(bannerd_png_rows_read_info(reader), "png_read_info")
        let png = bannerd_png_rows_png(reader)
        let info = bannerd_png_rows_info(reader)
        let width = Int(png_get_image_width(png, info))
        let height = Int(png_get_image_height(png, info))
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
        try check(bannerd_png_rows_update_info(reader), "png_read_update_info")
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
                try check(ok, "png_read_row")
                row.withUnsafeBufferPointer {
                    averager.add(
                        row: UnsafeBufferPointer(rebasing: $0.prefix(columns)), y: pass.firstRow + r * pass.rowStep,
                        firstColumn: pass.firstColumn, columnStep: pass.columnStep)
                }
            }
        }
        try check(bannerd_png_rows_read_end(reader), "png_read_end")
        return averager.finish()
    }
}
