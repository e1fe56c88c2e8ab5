import CFreeType
import CHarfBuzz
import TextLayout

/// One `FT_Face`, as a `FontFace` for the pure layout. Every call into FreeType for a face sits here; each
/// returns an `FT_Error` (0 = success). Shaping is HarfBuzz's, over the same face (HarfBuzzShaping.swift).
public final class FreeTypeFace: FontFace {
    public let name: String
    private let library: FreeTypeLibrary  // keeps FT_Library alive while the face lives
    private let face: FT_Face
    private var currentPixelSize = 0
    /// HarfBuzz's font over this face's OpenType tables, with HarfBuzz's own metrics (unhinted, as `hb-shape`).
    let shaper: OpaquePointer

    /// `FT_LOAD_RENDER` (freetype.h): render to an 8-bit coverage bitmap while loading.
    static let loadRender: Int32 = 1 << 2
    /// `FT_LOAD_TARGET_LIGHT` (freetype.h, `FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT)`): light vertical-only
    /// hinting, which keeps advances close to the design widths so kerning and layout stay even.
    static let loadTargetLight: Int32 = 1 << 16

    init(library: FreeTypeLibrary, path: String, index: Int) throws(FreeTypeError) {
        var face: FT_Face?
        let error = FT_New_Face(library.handle, path, index, &face)
        guard error == 0, let face else { throw FreeTypeError(call: "FT_New_Face", code: error, path: path) }
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

    public func lineMetrics(pixelSize: Int) -> LineMetrics {
        guard setSize(pixelSize), let size = face.pointee.size else {
            return LineMetrics(ascender: pixelSize, descender: 0)
        }
        let m = size.pointee.metrics
        // 26.6 values; the descender is negative in FreeType.
        return LineMetrics(ascender: (Int(m.ascender) + 63) >> 6, descender: (-Int(m.descender) + 63) >> 6)
    }

    public func glyph(_ index: UInt32, pixelSize: Int) -> GlyphImage? {
        guard setSize(pixelSize), FT_Load_Glyph(face, index, Self.loadRender | Self.loadTargetLight) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width)
        let h = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: w * h)
        // Gray bitmaps only (FT_PIXEL_MODE_GRAY = 2); a pitch may be negative (bottom-up), so index rows by it.
        if let buffer = bitmap.buffer, bitmap.pixel_mode == 2 {
            let pitch = Int(bitmap.pitch)
            let origin = pitch < 0 ? buffer + (h - 1) * -pitch : buffer
            for y in 0..<h {
                for x in 0..<w { coverage[y * w + x] = origin[y * pitch + x] }
            }
        }
        return GlyphImage(
            advance: Int(slot.pointee.advance.x), left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top),
            width: w, height: h, coverage: coverage)
    }

    /// `FT_Set_Pixel_Sizes`, skipped when the face is already at that size.
    private func setSize(_ pixelSize: Int) -> Bool {
        guard pixelSize > 0 else { return false }
        if pixelSize == currentPixelSize { return true }
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) == 0 else { return false }
        currentPixelSize = pixelSize
        return true
    }
}
