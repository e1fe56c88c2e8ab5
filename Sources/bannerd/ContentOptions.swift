import ArgumentParser
import BannerContent
import GlyphText
import ImageDecoding
import Raster

/// `--content DIR`, shared by the commands that show banners; built-in demo banners when it is not given.
struct ContentOptions: ParsableArguments {
    @Option(help: "Content directory (images, optional banners.toml). Default: built-in demo banners.")
    var content: String?

    /// The banners to show; problems are logged one line each and the valid banners kept.
    func loadBanners() -> [Banner] {
        guard let content else { return DemoContent.banners }
        let result = ContentLoader().load(directory: content)
        for problem in result.problems { Log.warning(problem.description) }
        return result.banners
    }

    /// A renderer with Debian's fonts; a missing font is logged and the chain falls back.
    static func makeRenderer() throws -> BannerRenderer {
        let fonts: FontSet
        do {
            fonts = try FontSet(paths: .debian)
        } catch {
            throw CommandFailure("no usable font: \(error)")
        }
        for problem in fonts.problems { Log.warning("\(problem)") }
        return BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
    }
}

extension Rotation: ExpressibleByArgument {
    public init?(argument: String) {
        guard let degrees = Int(argument) else { return nil }
        self.init(degrees: degrees)
    }
}
