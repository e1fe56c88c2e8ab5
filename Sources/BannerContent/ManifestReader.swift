import Raster
import TOMLSubset

/// Turns parsed manifest tables into banners, checking every key and value.
public enum ManifestReader {
    static let bannerKeys: Set<String> = [
        "id", "title", "subtitle", "image", "background", "text", "duration", "action",
    ]
    static let defaultKeys: Set<String> = ["background", "text", "duration"]

    /// The banners of `doc`, with image paths resolved against `directory`, and the problems found. Lines in
    /// `syntaxErrorLines` were already reported by the parser; a banner they emptied is not reported again.
    public static func banners(
        from doc: ManifestDocument, directory: String, path: String, syntaxErrorLines: [Int] = []
    ) -> ([Banner], [ContentProblem]) {
        var problems: [ContentProblem] = []
        func problem(_ v: TOMLValue?, line: Int, _ message: String) {
            problems.append(ContentProblem(path: path, line: v?.line ?? line, column: v?.column ?? 1, message: message))
        }
        func keyProblem(_ k: TOMLKey?, line: Int, _ message: String) {
            problems.append(
                ContentProblem(
                    path: path, line: k?.position.line ?? line, column: k?.position.column ?? 1, message: message))
        }
        var template = Banner(id: "")
        if let d = doc.defaults {
            for key in d.order where !defaultKeys.contains(key) {
                keyProblem(
                    d.key(key), line: d.line,
                    "unknown key \"\(key)\" in [defaults]; allowed: background, text, duration")
            }
            apply(d, to: &template, problem: problem)
        }
        var banners: [Banner] = []
        var ids: [String: Int] = [:]
        for (n, t) in doc.banners.enumerated() {
            for key in t.order where !bannerKeys.contains(key) {
                keyProblem(
                    t.key(key), line: t.line,
                    "unknown key \"\(key)\" in [[banner]]; allowed: \(bannerKeys.sorted().joined(separator: ", "))")
            }
            var b = template
            apply(t, to: &b, problem: problem)
            b.title = string(t.values["title"], problem: problem) ?? ""
            b.subtitle = string(t.values["subtitle"], problem: problem) ?? ""
            if let image = string(t.values["image"], problem: problem) {
                if image.isEmpty {
                    problem(t.values["image"], line: t.line, "image is empty; remove the key or name a file")
                } else {
                    b.artwork = .file(path: image.hasPrefix("/") ? image : directory + "/" + image)
                }
            }
            if let v = t.values["action"] { b.action = action(v, problem: problem) }
            let stem = b.imagePath.map { ContentLoader.stem(of: $0) }
            b.id = string(t.values["id"], problem: problem) ?? stem ?? "banner-\(n + 1)"
            if b.title.isEmpty && b.imagePath == nil {
                // An empty card is not worth a place in the carousel.
                let end = n + 1 < doc.banners.count ? doc.banners[n + 1].line : Int.max
                if !syntaxErrorLines.contains(where: { (t.line..<end).contains($0) }) {
                    problem(nil, line: t.line, "banner has neither title nor image; add one")
                }
                continue
            }
            if let first = ids[b.id] {
                problem(t.values["id"], line: t.line, "duplicate banner id \"\(b.id)\" (first on line \(first))")
            }
            ids[b.id] = ids[b.id] ?? t.line
            banners.append(b)
        }
        return (banners, problems)
    }

    private static func apply(
        _ t: TOMLTable, to b: inout Banner, problem: (TOMLValue?, Int, String) -> Void
    ) {
        if let v = t.values["background"], let c = color(v, problem: problem) { b.background = c }
        if let v = t.values["text"], let c = color(v, problem: problem) { b.textColor = c }
        if let v = t.values["duration"] {
            if let seconds = v.number, seconds > 0, seconds <= 86400 {
                b.duration = .milliseconds(Int64((seconds * 1000).rounded()))
            } else {
                problem(v, v.line, "duration must be a number of seconds between 0 and 86400, e.g. duration = 8")
            }
        }
    }

    /// `action = ["/absolute/program", "argument", …]`: an argv, never a shell command line.
    private static func action(_ v: TOMLValue, problem: (TOMLValue?, Int, String) -> Void) -> [String]? {
        guard case .array(let elements) = v.kind, !elements.isEmpty else {
            problem(v, v.line, "action must be an array of strings, e.g. action = [\"/usr/bin/foo\", \"arg\"]")
            return nil
        }
        var argv: [String] = []
        for element in elements {
            guard let s = element.string, !s.contains("\0") else {
                problem(element, v.line, "action's elements must be strings without NUL characters")
                return nil
            }
            argv.append(s)
        }
        guard argv[0].hasPrefix("/") else {
            problem(elements[0], v.line, "action's program must be an absolute path, e.g. \"/usr/bin/foo\"")
            return nil
        }
        return argv
    }

    private static func string(_ v: TOMLValue?, problem: (TOMLValue?, Int, String) -> Void) -> String? {
        guard let v else { return nil }
        guard case .string(let s) = v.kind else {
            problem(v, v.line, "expected a quoted string")
            return nil
        }
        return s
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    static func color(_ v: TOMLValue, problem: (TOMLValue?, Int, String) -> Void) -> Color? {
        guard case .string(let s) = v.kind, let c = parseColor(s) else {
            problem(v, v.line, "colour must be \"#RRGGBB\" or \"#RRGGBBAA\"")
            return nil
        }
        return c
    }

    /// A colour from `#RRGGBB` or `#RRGGBBAA`, or nil.
    static func parseColor(_ s: String) -> Color? { Color(hex: s) }
}
