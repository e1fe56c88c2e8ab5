import BannerContent
import BannerdConfig
import CarouselEngine
import CommandLineParsing
import DisplaySelection
import FileAccess
import GlyphText

/// `bannerd check --content DIR`: prints one line per problem in a content directory and exits 1 when the service
/// would not show everything as asked, so it can gate a deploy script or a CMS upload. Warnings (a stray file)
/// are printed and counted; `--strict` fails on them too.
struct CheckCommand: BannerdCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check a content directory (banners.toml and images) and list every problem.",
        options: [.value("content", "The content directory to check.", required: true)]
            + ConfigurationOptions.options + WallClockOption.options + [
                .value("size", "Display size WxH in pixels that images are decoded for.", default: "1920x1080"),
                .flag("strict", "Count warnings as errors (for CI pipelines)."),
                .value(
                    "user",
                    "The user the service runs as, whose access to every file is checked (default: bannerd, when it exists)."
                ),
            ])

    let content: String
    /// The configuration whose fonts the text is checked against.
    let configuration: ConfigurationOptions
    let wallClock: WallClockOption
    let size: PixelSize
    let strict: Bool
    /// The service's user: `--user`, else bannerd when this machine has it (a preview machine may not).
    let serviceUser: ServiceUser?

    init(_ options: ParsedOptions) throws(UsageError) {
        content = try options.require("content")
        configuration = ConfigurationOptions(options)
        wallClock = try WallClockOption(options)
        size = try options.require("size", expected: PixelSize.argumentForm, PixelSize.init(argument:))
        strict = options.flag("strict")
        let user = options.value("user")
        serviceUser = ServiceUser.lookUp(user ?? "bannerd")
        if let user, serviceUser == nil { throw options.usageError("--user: no user \(user) on this machine") }
    }

    func run() throws {
        let settings: Configuration
        do {
            settings = try configuration.load()
        } catch {
            throw CommandFailure("\(error)")
        }
        let loader = ContentLoader(actions: Set(settings.actions.keys))
        let layout: CarouselLayout
        do {
            layout = try CarouselLayout(
                widthPixels: size.width, heightPixels: size.height, scale: settings.display.scale ?? 1,
                metrics: settings.carousel.applied(to: CarouselMetrics()))
        } catch {
            throw CommandFailure("--size \(size): \(error)")
        }
        var report = ContentChecker(
            displaySize: (size.width, size.height), bannerSize: (layout.bannerWidthPixels, layout.bannerHeightPixels),
            loader: loader
        ).check(directory: content)
        report.problems += try accessProblems(report)
        report.warnings += try textWarnings(report, fonts: settings.fonts)
        for line in report.problems + report.warnings + report.notes { print(line) }
        printSchedules(report)
        let source = report.usedManifest ? "banners.toml" : "file listing"
        let warnings = report.warnings.isEmpty ? "" : "; \(report.warnings.count) warning(s)"
        if report.isClean, !(strict && !report.warnings.isEmpty) {
            print("ok: \(report.banners.count) banner(s) from \(source)\(warnings)")
        } else {
            print(
                "\(report.problems.count) error(s)\(warnings)\(strict ? " (--strict)" : ""); "
                    + "\(report.banners.count) banner(s) from \(source)")
            throw ExitStatus(1)
        }
    }

    /// One line for each banner with a schedule: whether it is shown now (or at --at) and when that changes.
    private func printSchedules(_ report: ContentChecker.Report) {
        let now = wallClock.reading
        let place = content + "/" + ContentLoader.manifestName
        for index in report.banners.indices {
            guard let schedule = report.banners.schedule(at: index) else { continue }
            print("\(place): banner \(report.banners[index].id): \(schedule.summary(at: now))")
        }
    }

    /// Titles and subtitles with characters no font has (shown as boxes), bidi controls, or more than the layout
    /// takes: warnings naming the banner, the characters and their script.
    private func textWarnings(_ report: ContentChecker.Report, fonts: FontPaths) throws -> [ContentProblem] {
        let renderer = try ContentOptions.makeRenderer(fonts: fonts)
        let place = report.usedManifest ? content + "/" + ContentLoader.manifestName : content
        return report.banners.flatMap { banner in
            renderer.textProblems(in: banner).map { ContentProblem(path: place, message: "warning: " + $0) }
        }
    }

    /// Every file the service would open that its user cannot read (the operator running `check` may own them).
    private func accessProblems(_ report: ContentChecker.Report) throws -> [ContentProblem] {
        guard let service = serviceUser else { return [] }  // no bannerd user here: a preview machine, not the device
        var paths = [content]
        if report.usedManifest { paths.append(content + "/" + ContentLoader.manifestName) }
        paths += report.banners.compactMap(\.imagePath)
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }.compactMap { path in
            service.readProblem(path).map {
                ContentProblem(path: path, message: "\($0); the service could not show it")
            }
        }
    }
}
