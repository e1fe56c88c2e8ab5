import CFreeType
import CHarfBuzz
import Raster
import TextLayout

/// One `FT_Face`, as a `FontFace` for the pure layout. Every call into FreeType for a face sits here; each
/// returns an `FT_Error` (0 = success). Shaping is HarfBuzz's, over the same face (HarfBuzzShaping.swift).
public final class FreeTypeFace: FontFace {
    public let name: String
    private let library: FreeTypeLibrary  // keeps FT_Library alive while the face lives
    private let face: FT_Face
    private var currentPixelSize = 0
    /// From the selected size to `currentPixelSize`: 1 for outlines, below 1 for a large bitmap strike.
    private var currentScale = 1.0
    /// HarfBuzz's font over this face's OpenType tables, with HarfBuzz's own metrics (unhinted, as `hb-shape`).
    let shaper: OpaquePointer

    /// `FT_LOAD_RENDER` (freetype.h): render to an 8-bit coverage bitmap while loading.
    static let loadRender: Int32 = 1 << 2
    /// `FT_LOAD_TARGET_LIGHT` (freetype.h, `FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT)`): light vertical-only
    /// hinting, which keeps advances close to the design widths so kerning and layout stay even.
    static let loadTargetLight: Int32 = 1 << 16
    /// `FT_LOAD_COLOR` (freetype.h): colour bitmaps and layers as premultiplied BGRA.
    static let loadColour: Int32 = 1 << 20
    /// `FT_FACE_FLAG_SCALABLE` and `FT_FACE_FLAG_COLOR` (freetype.h).
    static let faceFlagScalable = 1 << 0
    static let faceFlagColour = 1 << 14
    /// `FT_PIXEL_MODE_GRAY` and `FT_PIXEL_MODE_BGRA` (ftimage.h).
    static let pixelModeGray: UInt8 = 2
    static let pixelModeBGRA: UInt8 = 7

    init(library: FreeTypeLibrary, path: String, index: Int) throws(FreeTypeError) {
        var face: FT_Face?
        let error = FT_New_Face(library.handle, path, index, &face)
        guard error == 0, let face else { throw FreeTypeError(call: "FT_New_Face", code: error, path: path) }
        // Text is looked up by Unicode: a font without a Unicode character map could draw nothing of it.
        let charmap = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        guard charmap == 0 else {
            FT_Done_Face(face)
            throw FreeTypeError(call: "FT_Select_Charmap", code: charmap, path: path)
        }
        self.library = library
        self.face = face
        name = path
        // The HarfBuzz face holds its own reference to the FT_Face (FT_Reference_Face).
        let tables = hb_ft_face_create_referenced(face)
        shaper = hb_font_create(tables)
        hb_face_destroy(tables)
    }

    deinit {
        hb_font_destroy(shaper)
        FT_Done_Face(face)
    }

    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// True when the face has OpenType substitutions (GSUB), which Arabic joining and Indic conjuncts need.
    public var hasSubstitutions: Bool { hb_ot_layout_has_substitution(hb_font_get_face(shaper)) != 0 }

    /// True for a colour font (`FT_FACE_FLAG_COLOR`: bitmap emoji such as Noto Color Emoji, or colour layers).
    public var hasColour: Bool { Int(face.pointee.face_flags) & Self.faceFlagColour != 0 }

    public func lineMetrics(pixelSize: Int) -> LineMetrics {
        guard let scale = setSize(pixelSize), let size = face.pointee.size else {
            return LineMetrics(ascender: pixelSize, descender: 0)
        }
        let m = size.pointee.metrics
        // 26.6 values; the descender is negative in FreeType.
        return LineMetrics(
            ascender: Int((Double(m.ascender) * scale / 64).rounded(.up)),
            descender: Int((Double(-m.descender) * scale / 64).rounded(.up)))
    }

    public func glyph(_ index: UInt32, pixelSize: Int) -> GlyphImage? {
        guard let scale = setSize(pixelSize) else { return nil }
        let flags = hasColour ? Self.loadRender | Self.loadColour : Self.loadRender | Self.loadTargetLight
        guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width)
        let h = Int(bitmap.rows)
        let advance = Int((Double(slot.pointee.advance.x) * scale).rounded())
        guard let buffer = bitmap.buffer, w > 0, h > 0 else {
            return GlyphImage(advance: advance, left: 0, top: 0, width: 0, height: 0, coverage: [])
        }
        // A pitch may be negative (bottom-up), so rows are indexed by it.
        let pitch = Int(bitmap.pitch)
        let origin = pitch < 0 ? buffer + (h - 1) * -pitch : buffer
        switch bitmap.pixel_mode {
        case Self.pixelModeGray:
            var coverage = [UInt8](repeating: 0, count: w * h)
            for y in 0..<h {
                for x in 0..<w { coverage[y * w + x] = origin[y * pitch + x] }
            }
            return GlyphImage(
                advance: advance, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: w,
                height: h, coverage: coverage)
        case Self.pixelModeBGRA:
            // Premultiplied B, G, R, A bytes: one little-endian word is 0xAARRGGBB, as Bitmap holds it.
            var pixels = [UInt32](repeating: 0, count: w * h)
            for y in 0..<h {
                let row = UnsafeRawPointer(origin + y * pitch)
                for x in 0..<w {
                    pixels[y * w + x] = UInt32(littleEndian: row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self))
                }
            }
            guard let strike = Bitmap(width: w, height: h, premultipliedPixels: pixels) else { return nil }
            // A bitmap strike (Noto Color Emoji's is 109 px) scaled to the text's size.
            let colour =
                scale == 1
                ? strike
                : strike.scaled(
                    width: max(1, Int((Double(w) * scale).rounded())),
                    height: max(1, Int((Double(h) * scale).rounded())))
            return GlyphImage(
                advance: advance, left: Int((Double(slot.pointee.bitmap_left) * scale).rounded()),
                top: Int((Double(slot.pointee.bitmap_top) * scale).rounded()), colour: colour)
        default:
            return nil
        }
    }

    /// Sets the face to `pixelSize` (`FT_Set_Pixel_Sizes`), or for a face of bitmap strikes only, selects the
    /// strike nearest above it (`FT_Select_Size`): the scale from that strike to `pixelSize`, 1 for outlines.
    /// Nil when the face has no such size.
    private func setSize(_ pixelSize: Int) -> Double? {
        guard pixelSize > 0 else { return nil }
        if pixelSize == currentPixelSize { return currentScale }
        if Int(face.pointee.face_flags) & Self.faceFlagScalable != 0 {
            guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return nil }
            currentScale = 1
        } else {
            let strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { Int(face.pointee.available_sizes[$0].y_ppem) }
            let wanted = pixelSize * 64
            let above = strikes.indices.filter { strikes[$0] >= wanted }.min { strikes[$0] < strikes[$1] }
            guard let best = above ?? strikes.indices.max(by: { strikes[$0] < strikes[$1] }),
                FT_Select_Size(face, Int32(best)) == 0, strikes[best] > 0
            else { return nil }
            currentScale = Double(wanted) / Double(strikes[best])
        }
        currentPixelSize = pixelSize
        return currentScale
    }
}
