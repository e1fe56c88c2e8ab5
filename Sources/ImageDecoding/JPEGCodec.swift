import CTurboJPEG
import Raster

/// Every call into TurboJPEG: `tjInitDecompress`, `tjDecompressHeader3`, `tjGetScalingFactors`, `tjDecompress2`.
/// Failures are a −1 return with the text from `tjGetErrorStr2`.
enum JPEGCodec {
    /// Reads the header only and checks it against the limits.
    static func header(_ bytes: [UInt8], limits: ImageLimits, path: String) throws(ImageError) -> (
        width: Int, height: Int
    ) {
        let handle = try open(path: path)
        defer { tjDestroy(handle) }
        let header = try readHeader(handle, bytes, limits: limits, path: path)
        return (header.width, header.height)
    }

    /// Decodes a JPEG into an opaque bitmap. When `fitting` is given and the image is at least twice that size,
    /// it is decoded at the smallest TurboJPEG scale that still covers `fitting` (as scale-to-fill needs).
    static func decode(_ bytes: [UInt8], limits: ImageLimits, fitting: (width: Int, height: Int)?, path: String)
        throws(ImageError) -> Bitmap
    {
        let handle = try open(path: path)
        defer { tjDestroy(handle) }
        let header = try readHeader(handle, bytes, limits: limits, path: path)
        let size = (width: header.width, height: header.height)
        let factor = fitting.map { scale(for: size, covering: $0) } ?? ScaleFactor(num: 1, denom: 1)
        let w = factor.scaled(size.width)
        let h = factor.scaled(size.height)
        // Print artwork often arrives as CMYK: TurboJPEG cannot turn it into RGB itself, so it comes out as CMYK.
        let cmyk = header.colorspace == TJCS_CMYK.rawValue || header.colorspace == TJCS_YCCK.rawValue
        var pixels = [UInt32](repeating: 0, count: w * h)
        let rc = bytes.withUnsafeBytes { src in
            pixels.withUnsafeMutableBytes { dst in
                tjDecompress2(
                    handle, src.bindMemory(to: UInt8.self).baseAddress, UInt(src.count),
                    dst.bindMemory(to: UInt8.self).baseAddress, Int32(w), Int32(w * 4), Int32(h),
                    cmyk ? TJPF_CMYK.rawValue : TJPF_BGRA.rawValue, TJFLAG_ACCURATEDCT)
            }
        }
        // TurboJPEG also returns −1 for warnings such as "Premature end of JPEG file": a truncated file is refused.
        guard rc == 0 else { throw ImageError(.corrupt, call: "tjDecompress2", message: errorText(handle), path: path) }
        if cmyk { convertInvertedCMYK(&pixels) }
        guard let bitmap = Bitmap(width: w, height: h, premultipliedPixels: pixels) else {
            throw ImageError(.corrupt, call: "tjDecompress2", message: "size mismatch", path: path)
        }
        return bitmap
    }

    /// CMYK bytes in place to opaque BGRA. CMYK JPEGs come from Adobe applications, which store each ink
    /// inverted (255 = no ink), so a channel is the product of its ink and black: R = C·K / 255. Without the
    /// printer's colour profile this is an approximation, close enough for signage.
    static func convertInvertedCMYK(_ pixels: inout [UInt32]) {
        for i in pixels.indices {
            let v = pixels[i]  // bytes C, M, Y, K in memory order: C is the low byte on little-endian
            let k = v >> 24
            let r = (v & 0xFF) * k / 255
            let g = (v >> 8 & 0xFF) * k / 255
            let b = (v >> 16 & 0xFF) * k / 255
            pixels[i] = 0xFF00_0000 | r << 16 | g << 8 | b
        }
    }

    /// A TurboJPEG scaling factor num/denom.
    struct ScaleFactor: Equatable {
        var num: Int
        var denom: Int
        /// `TJSCALED(dimension, scalingFactor)` from turbojpeg.h, a function-like macro: rounds up.
        func scaled(_ d: Int) -> Int { (d * num + denom - 1) / denom }
    }

    /// The smallest factor ≤ 1 whose output still covers `target` in both axes; 1/1 unless the source is at
    /// least twice the size needed.
    static func scale(for size: (width: Int, height: Int), covering target: (width: Int, height: Int)) -> ScaleFactor {
        let one = ScaleFactor(num: 1, denom: 1)
        guard target.width > 0, target.height > 0 else { return one }
        // Scale-to-fill needs the larger of the two ratios.
        let need = max(Double(target.width) / Double(size.width), Double(target.height) / Double(size.height))
        guard need <= 0.5 else { return one }
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count) else { return one }
        var best = one
        for i in 0..<Int(count) {
            let f = ScaleFactor(num: Int(list[i].num), denom: Int(list[i].denom))
            guard f.num < f.denom else { continue }
            let coversW = f.scaled(size.width) >= target.width
            let coversH = f.scaled(size.height) >= target.height
            if coversW && coversH && f.num * best.denom < best.num * f.denom { best = f }
        }
        return best
    }

    private static func open(path: String) throws(ImageError) -> tjhandle {
        guard let handle = tjInitDecompress() else {
            let text = tjGetErrorStr2(nil).map { String(cString: $0) } ?? ""
            throw ImageError(.corrupt, call: "tjInitDecompress", message: text, path: path)
        }
        return handle
    }

    private static func readHeader(_ handle: tjhandle, _ bytes: [UInt8], limits: ImageLimits, path: String)
        throws(ImageError) -> (width: Int, height: Int, colorspace: Int32)
    {
        var w: Int32 = 0
        var h: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let rc = bytes.withUnsafeBytes {
            tjDecompressHeader3(
                handle, $0.bindMemory(to: UInt8.self).baseAddress, UInt($0.count), &w, &h, &subsampling, &colorspace)
        }
        guard rc == 0 else {
            throw ImageError(.corrupt, call: "tjDecompressHeader3", message: errorText(handle), path: path)
        }
        try limits.check(width: Int(w), height: Int(h), call: "tjDecompressHeader3", path: path)
        return (Int(w), Int(h), colorspace)
    }

    private static func errorText(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown TurboJPEG error"
    }
}
