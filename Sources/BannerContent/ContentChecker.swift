import ImageDecoding

/// Checks a content directory the way the player will use it: loads it (manifest or file listing) and decodes
/// every image, so an operator sees every problem before deploying instead of a placeholder on the screen.
public struct ContentChecker: Sendable {
    /// Images are decoded as if shown at this size (large JPEGs decode scaled, as on the appliance).
    public var displaySize: (width: Int, height: Int)
    private let loader: ContentLoader
    private let decoder: ImageDecoder

    /// A checker decoding images for `displaySize`.
    public init(
        displaySize: (width: Int, height: Int) = (1920, 1080), loader: ContentLoader = ContentLoader(),
        decoder: ImageDecoder = ImageDecoder()
    ) {
        self.displaySize = displaySize
        self.loader = loader
        self.decoder = decoder
    }

    /// The result of a check: what would be shown and everything wrong.
    public struct Report: Sendable {
        /// The banners the player would show (bad ones as placeholders).
        public var banners: BannerList
        /// Everything wrong, one line each.
        public var problems: [ContentProblem]
        /// True when banners.toml defined the banners.
        public var usedManifest: Bool
        /// What changes nothing shown, each message starting with "warning: " (`ContentLoadResult.warnings`).
        public var warnings: [ContentProblem]
        /// True when nothing is wrong (warnings aside) and there is at least one banner.
        public var isClean: Bool { problems.isEmpty && !banners.isEmpty }
    }

    /// Loads `directory` and decodes each distinct image once; problems come in load order, then image order.
    public func check(directory: String) -> Report {
        let loaded = loader.load(directory: directory)
        var problems = loaded.problems
        var warnings = loaded.warnings
        let alreadyReported = Set(problems.map(\.message))
        var seen = Set<String>()
        for banner in loaded.banners {
            guard let path = banner.imagePath, seen.insert(path).inserted else { continue }
            do throws(ImageError) {
                let image = try decoder.decodeImage(path: path, fitting: displaySize)
                if let note = image.note { warnings.append(ContentProblem(path: path, message: "warning: " + note)) }
            } catch {
                // A missing manifest image was already reported at its manifest line.
                if error.kind == .unreadable || error.kind == .isDirectory,
                    alreadyReported.contains(where: { $0.contains(path) })
                {
                    continue
                }
                problems.append(ContentProblem(path: path, message: error.reason))
            }
        }
        return Report(
            banners: loaded.banners, problems: problems, usedManifest: loaded.usedManifest, warnings: warnings)
    }
}
