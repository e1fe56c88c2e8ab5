import CFreeType

/// One `FT_Library`: faces keep a reference to it, so it is freed (`FT_Done_FreeType`) after the last face.
public final class FreeTypeLibrary {
    let handle: FT_Library

    /// Initialises FreeType (`FT_Init_FreeType`).
    public init() throws(FreeTypeError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FreeTypeError(call: "FT_Init_FreeType", code: error, path: "") }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    /// Opens face `index` of the font file at `path` (`FT_New_Face`).
    public func face(path: String, index: Int = 0) throws(FreeTypeError) -> FreeTypeFace {
        try FreeTypeFace(library: self, path: path, index: index)
    }
}
