import CFriBidi
import CHarfBuzz
import TextLayout

/// Bidi embedding levels from GNU FriBidi (`fribidi_get_par_embedding_levels_ex`, with paired brackets) and
/// scripts from HarfBuzz's Unicode data (`hb_unicode_script`). Holds no state: one serves every chain.
public final class UnicodeAnalyzer: TextAnalyzer {
    private let unicode: OpaquePointer?

    /// An analyzer over the libraries' built-in Unicode tables.
    public init() {
        unicode = hb_unicode_funcs_get_default()
    }

    public func bidi(_ scalars: [Unicode.Scalar], direction: TextDirection?) -> BidiParagraph {
        let text = scalars.map { FriBidiChar($0.value) }
        let count = FriBidiStrIndex(clamping: text.count)
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: text.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: text.count)
        var levels = [FriBidiLevel](repeating: 0, count: text.count)
        fribidi_get_bidi_types(text, count, &types)
        fribidi_get_bracket_types(text, count, types, &brackets)
        var base: FriBidiParType
        switch direction {
        case .leftToRight: base = FRIBIDI_PAR_LTR
        case .rightToLeft: base = FRIBIDI_PAR_RTL
        case nil: base = FRIBIDI_PAR_ON
        }
        // It returns the highest level plus one, or 0 when it could not allocate: then the text stays in the
        // direction asked for, unreordered.
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, count, &base, &levels)
        let resolved: TextDirection = base == FRIBIDI_PAR_RTL ? .rightToLeft : .leftToRight
        guard result > 0 else {
            let fallback = direction ?? .leftToRight
            return BidiParagraph(direction: fallback, levels: Array(repeating: fallback.level, count: scalars.count))
        }
        return BidiParagraph(direction: resolved, levels: levels.map { UInt8(bitPattern: $0) })
    }

    public func script(of scalar: Unicode.Scalar) -> ScriptTag {
        ScriptTag(rawValue: hb_unicode_script(unicode, hb_codepoint_t(scalar.value)).rawValue)
    }
}
