/// A failed FreeType call: the function, its `FT_Error` code and the font file, described in one line.
public struct FreeTypeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The FreeType function that failed (`FT_Init_FreeType`, `FT_New_Face`, `FT_Set_Pixel_Sizes`…).
    public let call: String
    /// The `FT_Error` value (see fterrdef.h), or 0 for our own checks.
    public let code: Int32
    /// The font file, or empty for library-wide calls.
    public let path: String

    /// An error for `call` returning `code` on `path`.
    public init(call: String, code: Int32, path: String) {
        self.call = call
        self.code = code
        self.path = path
    }

    /// The text fterrdef.h gives the common codes (FT_Error_String needs a FreeType built with error strings).
    public var message: String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x17: return "invalid pixel size"
        case 0x40: return "out of memory"
        case 0x55: return "table missing"
        default: return "FreeType error \(code)"
        }
    }

    public var description: String {
        let fix: String
        switch code {
        case 0x01: fix = "; check the font path and permissions"
        case 0x02, 0x03: fix = "; is this a TrueType/OpenType font file?"
        case _ where call == "FT_Select_Charmap": fix = "; the font has no Unicode character map"
        default: fix = ""
        }
        let subject = path.isEmpty ? "FreeType" : path
        return "\(subject): \(call) failed: \(message)\(fix)"
    }
}
