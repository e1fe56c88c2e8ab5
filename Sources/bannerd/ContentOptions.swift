import BannerContent
import BannerdConfig
import CommandLineParsing
import FileAccess
import Glibc
import GlyphText
import ImageDecoding
import PrerenderThreads
import Raster

/// `--content DIR`, shared by the commands that show banners; built-in demo banners when it is not given.
struct ContentOptions {
    static let options: [OptionSpec] = [
        .value("content", "Content directory (images, optional banners.toml). Default: built-in demo banners.")
    ]

    let content: String?

    init(_ options: ParsedOptions) {
        content = options.value("content")
    }

    /// The banners to show: `--content`'s, else `configured`'s (the configuration's content directory, when it
    /// exists, as `bannerd run` takes it), else the built-in demo banners; problems are logged one line each and
    /// the valid banners kept. Banners may name the `actions` of the configuration.
    func loadBanners(orFrom configured: String? = nil, actions: Set<String> = []) -> BannerList {
        let fromConfiguration = configured.flatMap { LocalFiles().exists($0) ? $0 : nil }
        guard let directory = content ?? fromConfiguration else { return DemoContent.banners }
        let banners = Self.load(directory: directory, actions: actions).banners
        HeapPolicy.releaseFreedMemory()  // the parse's transient heap, large for big manifests
        return banners
    }

    /// `directory`'s banners as `ContentLoader` reads them, its problems logged one line each (`render`).
    static func load(directory: String, actions: Set<String>) -> ContentLoadResult {
        let result = ContentLoader(actions: actions).load(directory: directory)
        log(result, directory: directory)
        return result
    }

    /// What is wrong with the content `result` read from `directory`, one line each (`run` logs it on its loop's
    /// thread, whichever thread read it).
    static func log(_ result: ContentLoadResult, directory: String) {
        for problem in result.problems + result.warnings { Log.warning(problem.description) }
        if result.banners.isEmpty { Log.warning("\(directory): no valid banner to show") }
    }

    /// A renderer with the given fonts (Debian's by default); a missing font is logged (unless `logProblems` is
    /// false: another renderer with the same fonts logged it) and the chain falls back, and with no font left the
    /// banners show without text rather than not at all.
    static func makeRenderer(fonts paths: FontPaths = .debian, logProblems: Bool = true) throws -> BannerRenderer {
        let fonts: FontSet
        do {
            fonts = try FontSet(paths: paths)
        } catch {
            throw CommandFailure("FreeType cannot start: \(error)")
        }
        if logProblems {
            // A recommended default font not installed is a board installed without recommends: text that needs it
            // is named when it shows as boxes, with the package to install.
            for problem in fonts.problems
            where !(CarouselSettings.recommendedFonts.contains(problem.path) && access(problem.path, F_OK) != 0) {
                Log.warning("\(problem)")
            }
            if fonts.title.faces.isEmpty || fonts.body.faces.isEmpty {
                Log.warning(
                    "no usable \(fonts.title.faces.isEmpty ? "title" : "subtitle") font: that text is not drawn")
            }
        }
        return BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
    }
}

extension Rotation {
    /// Degrees on the command line.
    init?(argument: String) {
        guard let degrees = Int(argument) else { return nil }
        self.init(degrees: degrees)
    }

    /// What `--rotation` takes, for its error message.
    static let argumentForm = "0, 90, 180 or 270 (degrees)"
}
