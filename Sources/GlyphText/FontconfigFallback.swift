import CFontconfig
import TextLayout

/// The installed fonts as a chain's last resort, through fontconfig: for characters no configured font has, the
/// best sans-serif of the chain's weight that has them all (`FcFontSort` over the fonts whose charset covers
/// them). fontconfig reads its configuration and the caches `fc-cache` wrote when fonts were installed, so it
/// needs no write access at run time (bannerd's service sandbox has none). Its process-wide configuration is
/// used, which fontconfig loads once (about 4 ms), thread-safely, when a character first needs it: content the
/// configured fonts cover never pays for it, and the pre-render threads share one.
public final class FontconfigFallback: FontFallback {
    /// Most distinct requests remembered; past it the answers are forgotten and asked again.
    static let capacity = 4096

    private let library: FreeTypeLibrary
    private let weight: Int32
    /// Faces opened so far, by file and index: a font is opened once however many characters it serves.
    private var opened: [String: FreeTypeFace] = [:]
    private var answers: [[UInt32]: FreeTypeFace?] = [:]
    /// Installed fonts that fontconfig offered but FreeType could not open (a corrupt file): never tried again.
    private var unusable: Set<String> = []
    /// Their errors not yet taken for a log line.
    private var untaken: [String] = []

    /// A fallback opening faces with `library`, for a chain of bold or regular text.
    public init(library: FreeTypeLibrary, bold: Bool) {
        self.library = library
        weight = bold ? 200 : 80  // FC_WEIGHT_BOLD, FC_WEIGHT_REGULAR (fontconfig.h)
    }

    public func face(covering scalars: [Unicode.Scalar]) -> (any FontFace)? {
        let key = scalars.map(\.value)
        if let known = answers[key] { return known }
        if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
        let found = search(key)
        answers[key] = found
        return found
    }

    /// The first font in fontconfig's order for a sans-serif of this weight that has every one of `codepoints`.
    private func search(_ codepoints: [UInt32]) -> FreeTypeFace? {
        guard let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(wanted)
        }
        for c in codepoints { _ = FcCharSetAddChar(wanted, c) }
        _ = FcPatternAddString(pattern, "family", "sans-serif")
        _ = FcPatternAddInteger(pattern, "weight", weight)
        _ = FcPatternAddCharSet(pattern, "charset", wanted)
        // A nil configuration is the process's current one (FcConfigGetCurrent), loaded on first use.
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetSortDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset,
                codepoints.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 })
            else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetInteger(font, "index", 0, &index)
            let path = String(cString: file)
            if let face = open(path: path, index: Int(index)) { return face }
        }
        return nil
    }

    private func open(path: String, index: Int) -> FreeTypeFace? {
        let key = "\(path)#\(index)"
        if let face = opened[key] { return face }
        guard !unusable.contains(key) else { return nil }
        do throws(FreeTypeError) {
            let face = try library.face(path: path, index: index)
            opened[key] = face
            return face
        } catch {
            unusable.insert(key)
            untaken.append("installed font \(error) (fontconfig offered it; the next font was used)")
            return nil
        }
    }

    public func takeProblems() -> [String] {
        defer { untaken.removeAll() }
        return untaken
    }
}
