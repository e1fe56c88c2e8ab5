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

    /// The Debian 12 packages fonts-dejavu-core and fonts-wqy-zenhei.
    public static let debian = FontPaths(
        title: [
            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
        ],
        body: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"]
    )
}

/// The opened font chains, plus what could not be opened (reported once, not fatal while a chain has a face).
public final class FontSet {
    /// The chain titles are set in.
    public let title: FontChain
    /// The chain subtitles are set in.
    public let body: FontChain
    /// Fonts that failed to open; the chains fell back to the others.
    public let problems: [FreeTypeError]

    /// Opens every configured font; throws only when a chain ends up with no face at all.
    public init(paths: FontPaths = .debian, library: FreeTypeLibrary? = nil) throws(FreeTypeError) {
        let lib: FreeTypeLibrary
        if let library { lib = library } else { lib = try FreeTypeLibrary() }
        var opened: [String: FreeTypeFace] = [:]
        var problems: [FreeTypeError] = []
        // One cache for both chains: they share faces (the CJK fallback), and keys name the face itself.
        let cache = GlyphCache()
        func chain(_ list: [String]) throws(FreeTypeError) -> FontChain {
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
            guard !faces.isEmpty else {
                throw problems.last ?? FreeTypeError(call: "FT_New_Face", code: 0x01, path: "(no font configured)")
            }
            return FontChain(faces: faces, cache: cache)
        }
        title = try chain(paths.title)
        body = try chain(paths.body)
        self.problems = problems
    }
}
