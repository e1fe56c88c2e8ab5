import Raster
import TextLayout

/// A banner pre-rendered at its on-screen size, ready to become a `Sprite`.
public struct RenderedBanner: Sendable {
    /// The banner at its on-screen pixel size, premultiplied, corners already rounded.
    public var bitmap: Bitmap
    /// What could not be drawn as given, one line each for the log: artwork that failed (the background was
    /// drawn instead) and characters no font has (drawn as boxes).
    public var problems: [String]
}

/// Pre-renders one banner into its own bitmap at on-screen size: artwork scaled to fill and centre-cropped
/// (or the background colour), a scrim behind the text when there is artwork, the title and subtitle from the
/// top-left, and anti-aliased rounded corners. Done once per banner and size, never per frame.
public final class BannerRenderer {
    /// Font chain for titles (bold).
    public let titleFont: FontChain
    /// Font chain for subtitles.
    public let bodyFont: FontChain
    /// Decodes artwork files.
    public let images: any ImageLoading
    /// Layout numbers in points.
    public var style: BannerStyle

    /// A renderer drawing with the given fonts and image loader.
    public init(titleFont: FontChain, bodyFont: FontChain, images: any ImageLoading, style: BannerStyle = .standard) {
        self.titleFont = titleFont
        self.bodyFont = bodyFont
        self.images = images
        self.style = style
    }

    /// Renders `banner` at `width × height` pixels with `scale` pixels per point. `cornerRadius` is in pixels
    /// and defaults to the style's radius (8 pt) at this scale.
    public func render(_ banner: Banner, width: Int, height: Int, scale: Double, cornerRadius: Int? = nil)
        -> RenderedBanner
    {
        var problems: [String] = []
        var artwork: Bitmap?
        switch banner.artwork {
        case .none: break
        case .pattern(let p): artwork = p.render(width: width, height: height, scale: scale)
        case .file(let path):
            do {
                let image = try images.loadImage(path: path, fitting: (width, height))
                if let note = image.note { problems.append("\(path): \(note)") }
                artwork = image.bitmap.scaledToFill(width: width, height: height)
            } catch {
                problems.append(String(describing: error))
            }
        }
        let over = overlay(
            banner, width: width, height: height, scale: scale, cornerRadius: cornerRadius, scrim: artwork != nil)
        let bitmap = finish(banner, artwork: artwork, width: width, height: height, finishing: .overlay(over))
        return RenderedBanner(bitmap: bitmap, problems: problems + textProblems(in: banner) + fontProblems(banner))
    }

    /// The banner over `artwork` (already at its size; nil: the background colour), finished by `finishing`.
    func finish(
        _ banner: Banner, artwork: consuming Bitmap?, width: Int, height: Int, finishing: BannerFinish
    ) -> Bitmap {
        // Opaque artwork (every JPEG, the patterns, a video's frames) hides the background entirely: drawn on as it
        // is, without a background bitmap to copy it into (one frame-sized buffer fewer per banner). Taken, not
        // borrowed, so that the overlay is laid over the artwork's own pixels rather than a copy.
        var bitmap: Bitmap
        switch consume artwork {
        case .some(let opaque) where opaque.isOpaque: bitmap = opaque
        case let other:
            bitmap = Bitmap(width: width, height: height, color: banner.background.opaque)
            if let other { bitmap.draw(other, x: 0, y: 0) }
        }
        finishing.apply(to: &bitmap)
        return bitmap
    }

    /// What lies over `banner`'s picture at `width × height` pixels: the scrim behind the text when it has
    /// artwork, the title and subtitle, and the corners (`cornerRadius` pixels; nil: the style's, at this scale).
    public func overlay(
        _ banner: Banner, width: Int, height: Int, scale: Double, cornerRadius: Int? = nil, scrim: Bool
    ) -> BannerOverlay {
        let corners = CornerMask(
            radius: cornerRadius ?? BannerStyle.pixels(style.cornerRadius, scale: scale), width: width, height: height)
        let inset = BannerStyle.pixels(style.textInset, scale: scale)
        let maxWidth = width - 2 * inset
        guard maxWidth > 0 else { return BannerOverlay(scrim: [], layers: [], corners: corners) }
        var lines: [(TextLine, FontChain)] = []
        if !banner.title.isEmpty {
            let px = max(1, BannerStyle.pixels(style.titlePoints, scale: scale))
            let line = LineLayout.layout(
                banner.title, chain: titleFont, pixelSize: px, maxWidth: maxWidth, direction: banner.direction)
            lines.append((line, titleFont))
        }
        if !banner.subtitle.isEmpty {
            let px = max(1, BannerStyle.pixels(style.subtitlePoints, scale: scale))
            let line = LineLayout.layout(
                banner.subtitle, chain: bodyFont, pixelSize: px, maxWidth: maxWidth, direction: banner.direction)
            lines.append((line, bodyFont))
        }
        guard !lines.isEmpty else { return BannerOverlay(scrim: [], layers: [], corners: corners) }
        let gap = BannerStyle.pixels(style.lineGap, scale: scale)
        let blockBottom = inset + lines.reduce(0) { $0 + $1.0.metrics.height } + gap * (lines.count - 1)
        let fade = BannerStyle.pixels(style.scrimFade, scale: scale)
        let rows = scrim ? scrimRows(textBottom: blockBottom, fade: fade, height: height) : []
        var layers: [BitmapLayer] = []
        var top = inset
        for (line, chain) in lines {
            let baseline = top + line.metrics.ascender
            let x = line.direction == .leftToRight ? inset : width - inset - line.width
            layers += TextPainter.layers(
                line, chain: chain, x: x, baseline: baseline, color: banner.textColor,
                shadow: .subtle(pixelSize: line.pixelSize))
            top += line.metrics.height + gap
        }
        return BannerOverlay(scrim: rows, layers: layers, corners: corners)
    }

    /// What the fonts met while drawing since the last call: characters that fell back, glyphs that failed.
    func fontProblems(_ banner: Banner) -> [String] {
        var problems: [String] = []
        for problem in titleFont.takeFallbackProblems() + bodyFont.takeFallbackProblems() {
            problems.append("banner \"\(banner.id)\": \(problem)")
        }
        for font in titleFont.cache.takeFailures() + bodyFont.cache.takeFailures() {
            problems.append(
                "banner \"\(banner.id)\": the font \(font) could not draw some of its glyphs (a damaged file?); "
                    + "they are left out")
        }
        return problems
    }

    /// One line per text field holding characters no configured or installed font has, with their scripts (with
    /// no font at all, text is off and that was reported once when the fonts were opened), and one per field that
    /// shows otherwise than written: bidi controls that reorder it, marks past the layout's bound (text past its
    /// length bound is not named: the ellipsis cuts a line long before it).
    /// `bannerd check` asks too.
    public func textProblems(in banner: Banner) -> [String] {
        [("title", banner.title, titleFont), ("subtitle", banner.subtitle, bodyFont)].flatMap { field, text, chain in
            var lines: [String] = []
            let subject = "banner \"\(banner.id)\": its \(field)"
            let missing = chain.faces.isEmpty ? [] : LineLayout.uncovered(text, chain: chain)
            if !missing.isEmpty {
                var scripts: [String] = []
                for script in missing.map(ScriptName.of) where !scripts.contains(script) { scripts.append(script) }
                var packages: [String] = []
                for package in scripts.compactMap(FontPackages.covering) where !packages.contains(package) {
                    packages.append(package)
                }
                let install =
                    packages.isEmpty
                    ? "" : "; Debian's \(packages.joined(separator: " and ")) cover\(packages.count == 1 ? "s" : "") it"
                lines.append(
                    "\(subject) has \(Self.codes(missing)) (\(scripts.joined(separator: ", "))), which no installed "
                        + "font has; shown as boxes" + install)
            }
            for (script, font) in Self.unshaped(text, chain: chain) {
                lines.append(
                    "\(subject) has \(script) letters set in \(font), which has no OpenType substitutions; they may "
                        + "show unjoined or out of order (a font such as Debian's fonts-noto-core shapes them)")
            }
            let prepared = PreparedText(text)
            if !prepared.bidiControls.isEmpty {
                lines.append(
                    "\(subject) holds the bidi control(s) \(Self.codes(prepared.bidiControls)), which reorder the text "
                        + "after them (an override can disguise it); remove them unless that is meant")
            }
            if prepared.marksDropped > 0 {
                lines.append(
                    "\(subject) stacks more than \(PreparedText.maxMarksInARow) combining marks on a letter; "
                        + "\(prepared.marksDropped) left out")
            }
            return lines
        }
    }

    /// Each script that needs contextual forms (Arabic joining, Indic conjuncts) and the face without OpenType
    /// substitutions its letters fell to, once.
    private static func unshaped(_ text: String, chain: FontChain) -> [(script: String, font: String)] {
        guard !chain.faces.isEmpty, !text.isEmpty else { return [] }
        var found: [(script: String, font: String)] = []
        for run in ShapedParagraph(text, chain: chain, pixelSize: 16).runs
        where run.script.needsSubstitutions && !chain.faces[run.face].hasSubstitutions {
            let pair = (script: run.script.description, font: chain.faces[run.face].name)
            if !found.contains(where: { $0 == pair }) { found.append(pair) }
        }
        return found
    }

    /// "U+0645 U+0631": the first eight, as messages name characters.
    private static func codes(_ scalars: [Unicode.Scalar]) -> String {
        scalars.prefix(8).map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }

    /// A black gradient behind the text block, one colour a row from the top: `scrimAlpha` at the top edge, easing
    /// to three quarters of it at the block's bottom (`textBottom`), then fading to nothing over `scrimFade`. White
    /// text stays legible on light images while the rest of the picture is untouched.
    private func scrimRows(textBottom: Int, fade: Int, height: Int) -> [Color] {
        let end = textBottom + max(1, fade)
        let top = Double(style.scrimAlpha)
        return (0..<max(0, min(end, height))).map { y in
            let a: Double
            if y < textBottom {
                a = top * (1 - 0.25 * Double(y) / Double(max(1, textBottom)))
            } else {
                let t = Double(y - textBottom) / Double(end - textBottom)
                // Smoothstep down so the fade has no visible edge.
                a = top * 0.75 * (1 - t * t * (3 - 2 * t))
            }
            return Color(red: 0, green: 0, blue: 0, alpha: UInt8(a.rounded()))
        }
    }
}

extension Color {
    /// The same colour with full alpha: banner backgrounds are opaque so only corners blend.
    var opaque: Color { Color(red: red, green: green, blue: blue) }
}
