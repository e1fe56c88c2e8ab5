/// The Debian package whose fonts cover a script (as `ScriptName` names it), named where text shows as boxes. The
/// package recommends these rather than depending on them (all but DejaVu: 73 MB of Installed-Size on a card that
/// may never show a CJK title), so a board installed without recommends may lack them.
enum FontPackages {
    /// The package covering `script`; nil for DejaVu's own scripts (always installed) and for what no font package
    /// covers (private use, unlisted blocks).
    static func covering(_ script: String) -> String? {
        switch script {
        case "Latin", "Greek", "Cyrillic", "private use", "other": nil
        case "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo", "CJK punctuation", "fullwidth forms":
            "fonts-wqy-zenhei"
        case "emoji": "fonts-noto-color-emoji"
        case "symbols": "fonts-symbola"
        default: "fonts-noto-core"
        }
    }
}
