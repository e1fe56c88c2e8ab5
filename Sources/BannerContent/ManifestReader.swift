import Raster
import TOMLDecoding
import TextLayout
import WallClock

/// Turns a manifest into banners, checking every key and value.
public struct ManifestReader {
    static let scheduleKeys: Set<String> = ["start", "end", "days", "hours"]
    static let bannerKeys = scheduleKeys.union([
        "id", "title", "subtitle", "image", "background", "text", "direction", "duration", "loop", "action",
        "parameters",
    ])
    static let defaultKeys = scheduleKeys.union(["background", "text", "direction", "duration", "loop"])

    private let directory: String
    private let path: String
    /// The names in bannerd.toml's `[actions]`: the only ones a banner may name.
    private let actions: Set<String>
    private var template = Banner(id: "")
    private var banners = BannerList.Builder()
    /// Each id's first line, for duplicates.
    private var ids: [String: Int] = [:]
    private var tablesRead = 0
    private var problems: [ContentProblem] = []

    private init(directory: String, path: String, actions: Set<String>) {
        self.directory = directory
        self.path = path
        self.actions = actions
    }

    /// The banners of the manifest `text` at `path`, with image paths resolved against `directory`; its syntax
    /// problems and then the problems of its banners, each in file order. Read table by table: however many
    /// banners, only the list outlives the call. `isUsableImage` sees each banner's image path and its `image =`
    /// value; a banner whose image it rejects is kept without artwork (the caller reports why). A banner naming an
    /// action outside `actions` (bannerd.toml's `[actions]`) is a problem and is kept without an action.
    /// `videoLength` gives a video's length, which is the duration of a banner that neither gives its own nor loops.
    public static func read(
        _ text: String, directory: String, path: String, actions: Set<String> = [],
        isUsableImage: (_ path: String, _ value: TOMLValue) -> Bool = { _, _ in true },
        videoLength: (_ path: String) -> Duration? = { _ in nil }
    ) -> (banners: BannerList, syntaxProblems: [ContentProblem], problems: [ContentProblem]) {
        var reader = ManifestReader(directory: directory, path: path, actions: actions)
        let syntax = ManifestParser.parse(text, path: path) { table in
            switch table {
            case .defaults(let t, let start): reader.readDefaults(t, start: start)
            case .banner(let t, let start, let hasSyntaxErrors):
                reader.readBanner(
                    t, start: start, hasSyntaxErrors: hasSyntaxErrors, isUsableImage: isUsableImage,
                    videoLength: videoLength)
            }
        }
        // Banners written inline are read after the defaults, which may follow them in the file.
        let problems = reader.problems.enumerated()
            .sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
        return (reader.banners.list, syntax, problems)
    }

    private mutating func problem(_ v: TOMLValue?, line: Int, _ message: String) {
        problems.append(ContentProblem(path: path, line: v?.line ?? line, column: v?.column ?? 1, message: message))
    }

    private mutating func problem(at position: TOMLPosition, _ message: String) {
        problems.append(ContentProblem(path: path, line: position.line, column: position.column, message: message))
    }

    private mutating func keyProblem(_ k: TOMLKey, _ message: String) {
        problems.append(ContentProblem(path: path, line: k.position.line, column: k.position.column, message: message))
    }

    private mutating func readDefaults(_ d: TOMLTable, start: TOMLPosition) {
        for key in d.keys where !Self.defaultKeys.contains(key.name) {
            keyProblem(
                key,
                "unknown key \"\(key.name)\" in [defaults]; allowed: \(Self.defaultKeys.sorted().joined(separator: ", "))"
            )
        }
        var b = template
        apply(d, start: start, to: &b)
        template = b
    }

    private mutating func readBanner(
        _ t: TOMLTable, start: TOMLPosition, hasSyntaxErrors: Bool, isUsableImage: (String, TOMLValue) -> Bool,
        videoLength: (String) -> Duration?
    ) {
        tablesRead += 1
        for key in t.keys where !Self.bannerKeys.contains(key.name) {
            keyProblem(
                key,
                "unknown key \"\(key.name)\" in [[banner]]; allowed: \(Self.bannerKeys.sorted().joined(separator: ", "))"
            )
        }
        var b = template
        apply(t, start: start, to: &b)
        b.title = string(t.values["title"]) ?? ""
        b.subtitle = string(t.values["subtitle"]) ?? ""
        if let v = t.values["image"], let image = string(v) {
            if image.isEmpty {
                problem(v, line: v.line, "image is empty; remove the key or name a file")
            } else {
                b.artwork = .file(path: image.hasPrefix("/") ? image : directory + "/" + image)
            }
        }
        let stem = b.imagePath.map { ContentLoader.stem(of: $0) }
        b.id = string(t.values["id"]) ?? stem ?? "banner-\(tablesRead)"
        if let v = t.values["action"] {
            b.action = action(v, parameters: t.values["parameters"], bannerID: b.id)
        } else if let v = t.values["parameters"] {
            problem(v, line: v.line, "parameters without an action; name the action they are for, action = \"…\"")
        }
        if b.title.isEmpty && b.imagePath == nil {
            // An empty card is not worth a place in the carousel; one a syntax error emptied was reported.
            if !hasSyntaxErrors { problem(at: start, "banner has neither title nor image; add one") }
            return
        }
        if let first = ids[b.id] {
            let fix =
                t.values["id"] == nil
                ? "a banner without an id takes its image's name; give this one its own id = \"…\""
                : "give each banner its own id = \"…\""
            problem(
                at: t.values["id"]?.position ?? start,
                "duplicate banner id \"\(b.id)\" (first on line \(first)); \(fix)")
        }
        ids[b.id] = ids[b.id] ?? start.line
        if let image = b.imagePath, let v = t.values["image"], !isUsableImage(image, v) { b.artwork = .none }
        // A video runs its length unless the banner says how long, or loops (for the duration it or [defaults] gives).
        if t.values["duration"] == nil, !b.loop, let image = b.imagePath, let length = videoLength(image) {
            b.duration = length
        }
        banners.append(b)
    }

    private mutating func apply(_ t: TOMLTable, start: TOMLPosition, to b: inout Banner) {
        if let v = t.values["background"], let c = color(v) { b.background = c }
        if let v = t.values["text"], let c = color(v) { b.textColor = c }
        if let v = t.values["direction"] {
            if v.string == "auto" {
                b.direction = nil
            } else if let d = v.string.flatMap(TextDirection.init(rawValue:)) {
                b.direction = d
            } else {
                let message = "direction must be \"rtl\", \"ltr\" or \"auto\" (from each line's first letter)"
                problem(v, line: v.line, message)
            }
        }
        if let v = t.values["loop"] {
            if let loop = v.boolean {
                b.loop = loop
            } else {
                problem(v, line: v.line, "loop must be true or false: true plays the animation or video for ever")
            }
        }
        if let v = t.values["duration"] {
            if let seconds = v.number, seconds > 0, seconds <= 86400 {
                b.duration = .milliseconds(Int64((seconds * 1000).rounded()))
            } else {
                problem(v, line: v.line, "duration must be a number of seconds between 0 and 86400, e.g. duration = 8")
            }
        }
        do throws(ScheduleValueError) {
            b.schedule = try ManifestSchedule.apply(t, over: b.schedule, start: start)
        } catch {
            problems.append(
                ContentProblem(
                    path: path, line: error.position.line, column: error.position.column, message: error.message))
        }
    }

    /// `action = "name"`: one of the admin's `[actions]` in bannerd.toml, so that whoever writes content cannot
    /// choose a program to run; `parameters = { name = "value", … }` reach it in its environment.
    private mutating func action(_ v: TOMLValue, parameters: TOMLValue?, bannerID: String) -> BannerAction? {
        if case .array(let elements) = v.kind {
            // The form before [actions]: say where the program goes now, with the line to write there.
            let name = TOMLKey.isBare(bannerID) ? bannerID : "NAME"
            let argv = elements.map { $0.string.map(TOMLKey.basicString) ?? "…" }.joined(separator: ", ")
            problem(
                v, line: v.line,
                "banners.toml may no longer name a program to run; the admin lists programs in "
                    + "/etc/bannerd/bannerd.toml: move this one there as [actions] \(name) = [\(argv)] and write "
                    + "action = \"\(name)\" here")
            return nil
        }
        guard case .string(let name) = v.kind else {
            problem(
                v, line: v.line,
                "action must be the quoted name of one of bannerd.toml's [actions], e.g. action = \"show-offer\"")
            return nil
        }
        guard actions.contains(name) else {
            let known = actions.isEmpty ? "it has none" : "it has " + actions.sorted().joined(separator: ", ")
            problem(
                v, line: v.line,
                "action \"\(name)\" is not in bannerd.toml's [actions] (\(known)); the banner shows without an action")
            return nil
        }
        guard let parameters else { return BannerAction(name: name) }
        return BannerAction(name: name, parameters: actionParameters(parameters) ?? [])
    }

    /// `parameters = { name = "value", … }`: names an environment variable can carry, string values, within
    /// `BannerAction`'s limits; nil (and a problem) for anything else, and the action runs without them.
    private mutating func actionParameters(_ v: TOMLValue) -> [BannerAction.Parameter]? {
        guard let table = v.table else {
            problem(v, line: v.line, "parameters must be a table of strings, e.g. parameters = { offer = \"spring\" }")
            return nil
        }
        guard table.keys.count <= BannerAction.maximumParameters else {
            problem(v, line: v.line, "more than \(BannerAction.maximumParameters) parameters")
            return nil
        }
        var out: [BannerAction.Parameter] = []
        var names = Set<String>()
        for key in table.keys {
            guard BannerAction.isParameterName(key.name), names.insert(key.name.uppercased()).inserted else {
                keyProblem(
                    key,
                    "parameter \(key.written): names are letters, digits and _ (starting with a letter, at most "
                        + "\(BannerAction.maximumParameterNameBytes) bytes), distinct regardless of case")
                return nil
            }
            guard let value = table.values[key.name], case .string(let s) = value.kind, !s.contains("\0"),
                s.utf8.count <= BannerAction.maximumParameterValueBytes
            else {
                problem(
                    table.values[key.name], line: v.line,
                    "parameter \(key.written) must be a string without NUL of at most "
                        + "\(BannerAction.maximumParameterValueBytes) bytes")
                return nil
            }
            out.append(BannerAction.Parameter(name: key.name, value: s))
        }
        return out
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
