import Raster
import TOMLDecoding
import WallClock

/// Turns a manifest into banners, checking every key and value.
public struct ManifestReader {
    static let scheduleKeys: Set<String> = ["start", "end", "days", "hours"]
    static let bannerKeys = scheduleKeys.union([
        "id", "title", "subtitle", "image", "background", "text", "duration", "action",
    ])
    static let defaultKeys = scheduleKeys.union(["background", "text", "duration"])

    private let directory: String
    private let path: String
    private var template = Banner(id: "")
    private var banners = BannerList.Builder()
    /// Each id's first line, for duplicates.
    private var ids: [String: Int] = [:]
    private var tablesRead = 0
    private var problems: [ContentProblem] = []

    private init(directory: String, path: String) {
        self.directory = directory
        self.path = path
    }

    /// The banners of the manifest `text` at `path`, with image paths resolved against `directory`; its syntax
    /// problems and then the problems of its banners, each in file order. Read table by table: however many
    /// banners, only the list outlives the call. `isUsableImage` sees each banner's image path and its `image =`
    /// value; a banner whose image it rejects is kept without artwork (the caller reports why).
    public static func read(
        _ text: String, directory: String, path: String,
        isUsableImage: (_ path: String, _ value: TOMLValue) -> Bool = { _, _ in true }
    ) -> (banners: BannerList, syntaxProblems: [ContentProblem], problems: [ContentProblem]) {
        var reader = ManifestReader(directory: directory, path: path)
        let syntax = ManifestParser.parse(text, path: path) { table in
            switch table {
            case .defaults(let t): reader.readDefaults(t)
            case .banner(let t, let hasSyntaxErrors):
                reader.readBanner(t, hasSyntaxErrors: hasSyntaxErrors, isUsableImage: isUsableImage)
            }
        }
        return (reader.banners.list, syntax, reader.problems)
    }

    private mutating func problem(_ v: TOMLValue?, line: Int, _ message: String) {
        problems.append(ContentProblem(path: path, line: v?.line ?? line, column: v?.column ?? 1, message: message))
    }

    private mutating func keyProblem(_ k: TOMLKey, _ message: String) {
        problems.append(ContentProblem(path: path, line: k.position.line, column: k.position.column, message: message))
    }

    private mutating func readDefaults(_ d: TOMLTable) {
        for key in d.keys where !Self.defaultKeys.contains(key.name) {
            keyProblem(
                key,
                "unknown key \"\(key.name)\" in [defaults]; allowed: \(Self.defaultKeys.sorted().joined(separator: ", "))"
            )
        }
        var b = template
        apply(d, to: &b)
        template = b
    }

    private mutating func readBanner(
        _ t: TOMLTable, hasSyntaxErrors: Bool, isUsableImage: (String, TOMLValue) -> Bool
    ) {
        tablesRead += 1
        for key in t.keys where !Self.bannerKeys.contains(key.name) {
            keyProblem(
                key,
                "unknown key \"\(key.name)\" in [[banner]]; allowed: \(Self.bannerKeys.sorted().joined(separator: ", "))"
            )
        }
        var b = template
        apply(t, to: &b)
        b.title = string(t.values["title"]) ?? ""
        b.subtitle = string(t.values["subtitle"]) ?? ""
        if let image = string(t.values["image"]) {
            if image.isEmpty {
                problem(t.values["image"], line: t.line, "image is empty; remove the key or name a file")
            } else {
                b.artwork = .file(path: image.hasPrefix("/") ? image : directory + "/" + image)
            }
        }
        if let v = t.values["action"] { b.action = action(v) }
        let stem = b.imagePath.map { ContentLoader.stem(of: $0) }
        b.id = string(t.values["id"]) ?? stem ?? "banner-\(tablesRead)"
        if b.title.isEmpty && b.imagePath == nil {
            // An empty card is not worth a place in the carousel; one a syntax error emptied was reported.
            if !hasSyntaxErrors { problem(nil, line: t.line, "banner has neither title nor image; add one") }
            return
        }
        if let first = ids[b.id] {
            let fix =
                t.values["id"] == nil
                ? "a banner without an id takes its image's name; give this one its own id = \"…\""
                : "give each banner its own id = \"…\""
            problem(t.values["id"], line: t.line, "duplicate banner id \"\(b.id)\" (first on line \(first)); \(fix)")
        }
        ids[b.id] = ids[b.id] ?? t.line
        if let image = b.imagePath, let v = t.values["image"], !isUsableImage(image, v) { b.artwork = .none }
        banners.append(b)
    }

    private mutating func apply(_ t: TOMLTable, to b: inout Banner) {
        if let v = t.values["background"], let c = color(v) { b.background = c }
        if let v = t.values["text"], let c = color(v) { b.textColor = c }
        if let v = t.values["duration"] {
            if let seconds = v.number, seconds > 0, seconds <= 86400 {
                b.duration = .milliseconds(Int64((seconds * 1000).rounded()))
            } else {
                problem(v, line: v.line, "duration must be a number of seconds between 0 and 86400, e.g. duration = 8")
            }
        }
        do throws(ScheduleValueError) {
            b.schedule = try ManifestSchedule.apply(t, over: b.schedule)
        } catch {
            problems.append(
                ContentProblem(
                    path: path, line: error.position.line, column: error.position.column, message: error.message))
        }
    }

    /// `action = ["/absolute/program", "argument", …]`: an argv, never a shell command line.
    private mutating func action(_ v: TOMLValue) -> [String]? {
        guard case .array(let elements) = v.kind, !elements.isEmpty else {
            problem(v, line: v.line, "action must be an array of strings, e.g. action = [\"/usr/bin/foo\", \"arg\"]")
            return nil
        }
        var argv: [String] = []
        for element in elements {
            guard let s = element.string, !s.contains("\0") else {
                problem(element, line: v.line, "action's elements must be strings without NUL characters")
                return nil
            }
            argv.append(s)
        }
        guard argv[0].hasPrefix("/") else {
            problem(elements[0], line: v.line, "action's program must be an absolute path, e.g. \"/usr/bin/foo\"")
            return nil
        }
        return argv
    }

    private mutating func string(_ v: TOMLValue?) -> String? {
        guard let v else { return nil }
        guard case .string(let s) = v.kind else {
            problem(v, line: v.line, "expected a quoted string")
            return nil
        }
        return s
    }

    /// `#RRGGBB` or `#RRGGBBAA`.
    private mutating func color(_ v: TOMLValue) -> Color? {
        guard case .string(let s) = v.kind, let c = Self.parseColor(s) else {
            problem(v, line: v.line, "colour must be \"#RRGGBB\" or \"#RRGGBBAA\"")
            return nil
        }
        return c
    }

    /// A colour from `#RRGGBB` or `#RRGGBBAA`, or nil.
    static func parseColor(_ s: String) -> Color? { Color(hex: s) }
}
