import CJPEG
import CJPEGRows
import FileAccess
import Raster

/// Every call into libjpeg (libjpeg-turbo's libjpeg API, through the CJPEGRows shim, which catches libjpeg's
/// longjmp errors): `jpeg_read_header`, `jpeg_start_decompress`, `jpeg_read_scanlines`, `jpeg_finish_decompress`.
/// Rows arrive one at a time, from memory or from the open file a chunk at a time, so a JPEG larger than its banner
/// never exists whole: DCT scaling decodes it at 1/2, 1/4 or 1/8 of its size and an `AreaAverager` takes the rows
/// down to the size that covers the banner. A progressive JPEG is the exception libjpeg imposes: its scans refine
/// the whole picture in turn, so `jpeg_start_decompress` keeps every DCT coefficient (2 bytes per sample at full
/// size, whatever the scale), bounded by the pixel limit.
enum JPEGCodec {
    /// The CJPEGRows shim's readers and their errors.
    static let shim = ShimReader(
        create: "jpeg_create_decompress", destroy: { bannerd_jpeg_rows_destroy($0) },
        message: { String(cString: bannerd_jpeg_rows_message($0)) })

    /// The upright size from the header alone, checked against the limits.
    static func size(_ bytes: [UInt8], limits: ImageLimits, path: String) throws(ImageError) -> (
        width: Int, height: Int
    ) {
        try withReader(bytes, path: path) { reader throws(ImageError) in
            let header = try readHeader(reader, limits: limits, path: path)
            return header.orientation.swapsAxes ? (header.height, header.width) : (header.width, header.height)
        }
    }

    /// Decodes JPEG bytes in memory, as `decode(_:limits:fitting:)` decodes the file.
    static func decode(_ bytes: [UInt8], limits: ImageLimits, fitting: (width: Int, height: Int)?, path: String)
        throws(ImageError) -> Bitmap
    {
        try withReader(bytes, path: path) { reader throws(ImageError) in
            try decode(reader, limits: limits, fitting: fitting, path: path)
        }
    }

    /// Decodes the JPEG file read through its descriptor into an opaque bitmap turned upright by its EXIF
    /// orientation, after the header passed the limits. With `fitting`, an image at least twice as large as needed
    /// comes out at the size that still covers it (`DecodeSize.covering`), as PNG and WebP do.
    static func decode(_ file: OpenFile, limits: ImageLimits, fitting: (width: Int, height: Int)?)
        throws(ImageError) -> Bitmap
    {
        let reader = bannerd_jpeg_rows_create_fd(file.descriptor, OpenFile.chunkBytes)
        return try shim.with(reader, path: file.path) { reader throws(ImageError) in
            try decode(reader, limits: limits, fitting: fitting, path: file.path)
        }
    }

    /// The DCT scaling denominators tried, largest first: libjpeg-turbo decodes these with SIMD (1/8 from the DC
    /// coefficients alone); its other M/8 factors are plain C, and the area average takes the rest of the way.
    static let denominators = [8, 4, 2]

    /// The largest denominator whose output (rounded up, as libjpeg rounds) still covers `target`; 1 when none.
    static func denominator(for size: (width: Int, height: Int), covering target: (width: Int, height: Int)) -> Int {
        denominators.first { d in
            (size.width + d - 1) / d >= target.width && (size.height + d - 1) / d >= target.height
        } ?? 1
    }

    private static func decode(
        _ reader: OpaquePointer, limits: ImageLimits, fitting: (width: Int, height: Int)?, path: String
    ) throws(ImageError) -> Bitmap {
        let header = try readHeader(reader, limits: limits, path: path)
        // Decoded at the stored orientation (sideways for many phone photos), then turned upright.
        let stored = header.orientation.swapsAxes ? fitting.map { (width: $0.height, height: $0.width) } : fitting
        let size = (width: header.width, height: header.height)
        let target = stored.map { DecodeSize.covering($0, from: size) } ?? size
        let info = bannerd_jpeg_rows_info(reader)
        info.pointee.scale_num = 1
        info.pointee.scale_denom = UInt32(denominator(for: size, covering: target))
        // Print artwork often arrives as CMYK (or YCCK): libjpeg gives it as CMYK, converted below.
        let cmyk = header.colorSpace == JCS_CMYK || header.colorSpace == JCS_YCCK
        info.pointee.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA
        info.pointee.dct_method = JDCT_ISLOW  // the accurate integer DCT, as TurboJPEG's TJFLAG_ACCURATEDCT
        try shim.check(bannerd_jpeg_rows_start(reader), "jpeg_start_decompress", reader, path: path)
        let scaled = (width: Int(info.pointee.output_width), height: Int(info.pointee.output_height))
        guard info.pointee.output_components == 4, scaled.width > 0, scaled.height > 0 else {
            throw ImageError(
                .corrupt, call: "jpeg_start_decompress", message: "unexpected output layout", path: path)
        }
        let bitmap = try readRows(reader, size: scaled, cmyk: cmyk, averagingInto: target, path: path)
        try shim.check(bannerd_jpeg_rows_finish(reader), "jpeg_finish_decompress", reader, path: path)
        return header.orientation.apply(to: bitmap)
    }

    /// Every output row, straight into the bitmap when the DCT scale gave `target` exactly, otherwise through an
    /// area average (one row and two rows of sums besides the output).
    private static func readRows(
        _ reader: OpaquePointer, size: (width: Int, height: Int), cmyk: Bool,
        averagingInto target: (width: Int, height: Int), path: String
    ) throws(ImageError) -> Bitmap {
        if size == target {
            var pixels = [UInt32](repeating: 0, count: size.width * size.height)
            for y in 0..<size.height {
                // A Result, as Swift 6.0 does not carry a typed throw out of withUnsafeMutableBufferPointer.
                try pixels.withUnsafeMutableBufferPointer { all in
                    Result { () throws(ImageError) in
                        let row = UnsafeMutableBufferPointer(rebasing: all[y * size.width..<(y + 1) * size.width])
                        try readRow(reader, into: row, cmyk: cmyk, path: path)
                    }
                }.get()
            }
            guard let bitmap = Bitmap(width: size.width, height: size.height, premultipliedPixels: pixels) else {
                throw ImageError(.corrupt, call: "jpeg_read_scanlines", message: "size mismatch", path: path)
            }
            return bitmap
        }
        var averager = AreaAverager(
            sourceWidth: size.width, sourceHeight: size.height, width: target.width, height: target.height,
            anyRowOrder: false)
        var row = [UInt32](repeating: 0, count: size.width)
        for y in 0..<size.height {
            try row.withUnsafeMutableBufferPointer { row in
                Result { () throws(ImageError) in
                    try readRow(reader, into: row, cmyk: cmyk, path: path)
                    averager.add(row: UnsafeBufferPointer(row), y: y)
                }
            }.get()
        }
        return averager.finish()
    }

    /// One output row as opaque 0xFFRRGGBB words.
    private static func readRow(
        _ reader: OpaquePointer, into row: UnsafeMutableBufferPointer<UInt32>, cmyk: Bool, path: String
    ) throws(ImageError) {
        guard let bytes = UnsafeMutableRawPointer(row.baseAddress)?.assumingMemoryBound(to: UInt8.self) else {
            throw ImageError(.corrupt, call: "jpeg_read_scanlines", message: "empty row", path: path)
        }
        try shim.check(bannerd_jpeg_rows_read_row(reader, bytes), "jpeg_read_scanlines", reader, path: path)
        if cmyk { convertInvertedCMYK(row) }
    }

    /// CMYK bytes in place to opaque BGRA. CMYK JPEGs come from Adobe applications, which store each ink
    /// inverted (255 = no ink), so a channel is the product of its ink and black: R = C·K / 255. Without the
    /// printer's colour profile this is an approximation, close enough for signage.
    static func convertInvertedCMYK(_ pixels: UnsafeMutableBufferPointer<UInt32>) {
        for i in pixels.indices {
            let v = pixels[i]  // bytes C, M, Y, K in memory order: C is the low byte on little-endian
            let k = v >> 24
            let r = (v & 0xFF) * k / 255
            let g = (v >> 8 & 0xFF) * k / 255
            let b = (v >> 16 & 0xFF) * k / 255
            pixels[i] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// `jpeg_read_header`, the size checked against the limits before anything of the body is decoded, and the
    /// orientation from the first APP1 Exif segment (libjpeg keeps APP1 segments for us, so the bytes are read once).
    private static func readHeader(_ reader: OpaquePointer, limits: ImageLimits, path: String) throws(ImageError) -> (
        width: Int, height: Int, colorSpace: J_COLOR_SPACE, orientation: ExifOrientation
    ) {
        try shim.check(bannerd_jpeg_rows_read_header(reader), "jpeg_read_header", reader, path: path)
        let info = bannerd_jpeg_rows_info(reader).pointee
        let width = Int(info.image_width)
        let height = Int(info.image_height)
        try limits.check(width: width, height: height, call: "jpeg_read_header", path: path)
        var orientation = ExifOrientation.up
        var marker = info.marker_list
        while let m = marker?.pointee {
            if m.marker == 0xE1, let data = m.data,
                let found = ExifOrientation(app1: Array(UnsafeBufferPointer(start: data, count: Int(m.data_length))))
            {
                orientation = found
                break
            }
            marker = m.next
        }
        return (width, height, info.jpeg_color_space, orientation)
    }

    /// Runs `body` with a reader over `bytes` in memory, which libjpeg reads until the reader is freed.
    private static func withReader<T>(
        _ bytes: [UInt8], path: String, _ body: (OpaquePointer) throws(ImageError) -> T
    ) throws(ImageError) -> T {
        let result: Result<T, ImageError> = bytes.withUnsafeBufferPointer { raw in
            Result { () throws(ImageError) in
                try shim.with(bannerd_jpeg_rows_create(raw.baseAddress, raw.count), path: path, body)
            }
        }
        return try result.get()
    }
}
