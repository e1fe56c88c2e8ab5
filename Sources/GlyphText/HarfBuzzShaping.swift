import CHarfBuzz
import TextLayout

extension FreeTypeFace {
    /// Shapes one run with HarfBuzz (`hb_shape`): ligatures, Arabic joining, Indic reordering, mark placement and
    /// kerning from the font's GSUB and GPOS tables. Positions are HarfBuzz's at `pixelSize` × 64 units per em,
    /// so they are 26.6 pixels and equal `hb-shape --font-size=` that many units.
    public func shape(
        _ text: [Unicode.Scalar], run: Range<Int>, direction: TextDirection, script: ScriptTag, pixelSize: Int
    ) -> [ShapedGlyph] {
        guard !run.isEmpty, run.lowerBound >= 0, run.upperBound <= text.count, let buffer = hb_buffer_create()
        else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let scale = Int32(clamping: max(1, pixelSize) * 64)
        hb_font_set_scale(shaper, scale, scale)
        hb_buffer_set_direction(buffer, direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script.rawValue))
        // The run's place in the paragraph (context at either end), and invisible characters removed, not drawn.
        var flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
        if run.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if run.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        let codepoints = text.map { hb_codepoint_t($0.value) }
        hb_buffer_add_codepoints(
            buffer, codepoints, Int32(codepoints.count), UInt32(run.lowerBound), Int32(run.count))
        hb_shape(shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: Int(positions[i].x_advance),
                offsetX: Int(positions[i].x_offset), offsetY: Int(positions[i].y_offset))
        }
    }
}
