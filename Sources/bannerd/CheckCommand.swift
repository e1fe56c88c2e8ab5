import ArgumentParser
import BannerContent
import DisplaySelection

/// `bannerd check --content DIR`: prints one line per problem in a content directory and exits 1 when the service
/// would not show everything as asked, so it can gate a deploy script or a CMS upload. Warnings (a stray file)
/// are printed and counted; `--strict` fails on them too.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a content directory (banners.toml and images) and list every problem."
    )

    @Option(name: .long, help: "The content directory to check.")
    var content: String

    @Option(name: .long, help: "Display size WxH in pixels that images are decoded for.")
    var size = PixelSize(width: 1920, height: 1080)

    @Flag(help: "Count warnings as errors (for CI pipelines).")
    var strict = false

    func run() throws {
        let report = ContentChecker(displaySize: (size.width, size.height)).check(directory: content)
        for problem in report.problems { print(problem) }
        let source = report.usedManifest ? "banners.toml" : "file listing"
        let warnings = report.warnings.isEmpty ? "" : "; \(report.warnings.count) warning(s)"
        if report.isClean, !(strict && !report.warnings.isEmpty) {
            print("ok: \(report.banners.count) banner(s) from \(source)\(warnings)")
        } else {
            print(
                "\(report.errors.count) error(s)\(warnings)\(strict ? " (--strict)" : ""); "
                    + "\(report.banners.count) banner(s) from \(source)")
            throw ExitCode(1)
        }
    }
}
