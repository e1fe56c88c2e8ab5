import ArgumentParser
import BannerContent
import DisplaySelection

/// `bannerd check --content DIR`: prints one line per problem in a content directory and exits non-zero when
/// anything is wrong, so it can gate a deploy script or a CMS upload.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a content directory (banners.toml and images) and list every problem."
    )

    @Option(name: .long, help: "The content directory to check.")
    var content: String

    @Option(name: .long, help: "Display size WxH in pixels that images are decoded for.")
    var size = PixelSize(width: 1920, height: 1080)

    func run() throws {
        let report = ContentChecker(displaySize: (size.width, size.height)).check(directory: content)
        for problem in report.problems { print(problem) }
        let source = report.usedManifest ? "banners.toml" : "file listing"
        if report.isClean {
            print("ok: \(report.banners.count) banner(s) from \(source)")
        } else {
            print("\(report.problems.count) problem(s); \(report.banners.count) banner(s) from \(source)")
            throw ExitCode(1)
        }
    }
}
