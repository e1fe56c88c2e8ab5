/// Where a chain turns when none of its configured faces has a character: the installed fonts, through fontconfig
/// in GlyphText.
public protocol FontFallback: AnyObject {
    /// An installed face that has every one of `scalars`, or nil when none has them.
    func face(covering scalars: [Unicode.Scalar]) -> (any FontFace)?
    /// What went wrong since the last call (an installed font that would not open), one message each, then
    /// forgets it.
    func takeProblems() -> [String]
}
