import BannerdConfig
import TextLayout

/// Font file paths for bannerd's two text styles, most preferred first; configurable per board.
public struct FontPaths: Equatable, Sendable {
    /// Titles: bold Latin/Cyrillic first, then CJK.
    public var title: [String]
    /// Subtitles and body text.
    public var body: [String]

    /// Paths for each chain, most preferred first.
    public init(title: [String], body: [String]) {
        self.title = title
        self.body = body
    }

    /// The default chains of bannerd.toml's `title_fonts` and `body_fonts`: Debian 12's fonts-dejavu-core,
    /// fonts-wqy-zenhei (CJK), fonts-noto-color-emoji and fonts-symbola.
    public static var debian: FontPaths {
        let defaults = CarouselSettings()
        return FontPaths(title: defaults.titleFonts, body: defaults.bodyFonts)
    }
}

/// The opened font chains, plus what could not be opened (reported once, never fatal: a chain left with no face
/// lays out no text, so banners still show their artwork).
public final class FontSet {
    /// The chain titles are set in.
    public let title: FontChain
    /// The chain subtitles are set in.
    public let body: FontChain
    /// Fonts that failed to open; the chains fell back to the others.
    public let problems: [FreeTypeError]

    /// Opens every configured font; throws only when FreeType itself cannot start. With `fallback`, characters no
    /// configured font has are looked for in the installed fonts (fontconfig), bold for titles.
    public init(paths: FontPaths = .debian, library: FreeTypeLibrary? = nil, fallback: Bool = true)
        throws(FreeTypeError)
    {
        let lib: FreeTypeLibrary
        if let library { lib = library } else { lib = try FreeTypeLibrary() }
        var opened: [String: FreeTypeFace] = [:]
        var problems: [FreeTypeError] = []
        // One cache for both chains: they share faces (the CJK fallback), and keys name the face itself.
        let cache = GlyphCache()
        let analyzer = UnicodeAnalyzer()
        func chain(_ list: [String], bold: Bool) -> FontChain {
            var faces: [any FontFace] = []
            for path in list {
                if let f = opened[path] {
                    faces.append(f)
                    continue
                }
                do throws(FreeTypeError) {
                    let f = try lib.face(path: path)
                    opened[path] = f
                    faces.append(f)
                } catch {
                    if !problems.contains(error) { problems.append(error) }
                }
            }
            let installed = fallback ? FontconfigFallback(library: lib, bold: bold) : nil
            return FontChain(faces: faces, analyzer: analyzer, fallback: installed, cache: cache)
        }
        title = chain(paths.title, bold: true)
        body = chain(paths.body, bold: false)
        self.problems = problems
    }
}
