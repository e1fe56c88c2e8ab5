import Raster

/// The EXIF Orientation tag (0x0112) of a JPEG: how the stored pixels must be turned or mirrored to show the
/// picture upright. Phone photos are usually stored sideways with this tag set, so ignoring it shows them
/// rotated on the screen.
public enum ExifOrientation: Int, Sendable {
    case up = 1
    case mirrored = 2
    case down = 3
    case mirroredDown = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// True when upright width and height are the stored height and width.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation in a JPEG's APP1 segment (`data`, after the marker and its length), nil when the segment is
    /// not Exif, `.up` when the tag is absent or unreadable. Every offset is bounds-checked: the bytes are untrusted.
    public init?(app1 data: [UInt8]) {
        guard data.count >= 6, data[0..<6].elementsEqual("Exif\0\0".utf8) else { return nil }
        self = Self.orientation(tiff: data[6...]) ?? .up
    }

    /// Tag 0x0112 from the TIFF structure's first IFD.
    private static func orientation(tiff t: ArraySlice<UInt8>) -> ExifOrientation? {
        let s = t.startIndex
        guard t.count >= 8 else { return nil }
        let little: Bool
        switch (t[s], t[s + 1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= t.count else { return nil }
            let a = Int(t[s + o])
            let b = Int(t[s + o + 1])
            return little ? a | b << 8 : a << 8 | b
        }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(little ? o + 2 : o), let lo = u16(little ? o : o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for n in 0..<min(count, 512) {
            let entry = ifd + 2 + n * 12
            guard let tag = u16(entry) else { return nil }
            // Type 3 = SHORT; the value sits in the first two bytes of the value field.
            if tag == 0x0112, u16(entry + 2) == 3, let v = u16(entry + 8) { return ExifOrientation(rawValue: v) }
        }
        return nil
    }

    /// `bitmap` (as stored) turned and mirrored upright.
    public func apply(to bitmap: Bitmap) -> Bitmap {
        switch self {
        case .up: return bitmap
        case .down: return bitmap.rotated(.clockwise180)
        case .right: return bitmap.rotated(.clockwise90)
        case .left: return bitmap.rotated(.clockwise270)
        case .mirrored, .mirroredDown, .leftMirrored, .rightMirrored:
            let w = bitmap.width
            let h = bitmap.height
            var out = Bitmap(width: swapsAxes ? h : w, height: swapsAxes ? w : h)
            for y in 0..<out.height {
                for x in 0..<out.width {
                    switch self {
                    case .mirrored: out[x, y] = bitmap[w - 1 - x, y]
                    case .mirroredDown: out[x, y] = bitmap[x, h - 1 - y]
                    case .leftMirrored: out[x, y] = bitmap[y, x]
                    default: out[x, y] = bitmap[w - 1 - y, h - 1 - x]  // rightMirrored (transverse)
                    }
                }
            }
            return out
        }
    }
}
