import ImageDecoding

/// Checks a content directory the way the player will use it: loads it (manifest or file listing) and decodes
/// every image, so an operator sees every problem before deploying instead of a placeholder on the screen.
public struct ContentChecker: Sendable {
    /// Images are decoded as if shown at this size (large JPEGs decode scaled, as on the appliance).
    public var displaySize: (width: Int, height: Int)
    /// The size banners are drawn at on that display: an animation keeps each frame at this size
    /// (`AnimationBudget`).
    public var bannerSize: (width: Int, height: Int)
    private let loader: ContentLoader
    private let decoder: ImageDecoder

    /// A checker decoding images for `displaySize`, with banners of `bannerSize` (nil: the display's, which no
    /// banner exceeds).
    public init(
        displaySize: (width: Int, height: Int) = (1920, 1080), bannerSize: (width: Int, height: Int)? = nil,
        loader: ContentLoader = ContentLoader(), decoder: ImageDecoder = ImageDecoder()
    ) {
        self.displaySize = displaySize
        self.bannerSize = bannerSize ?? displaySize
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
                if let note = animationNote(path) {
                    warnings.append(ContentProblem(path: path, message: "warning: " + note))
                }
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

    /// What an animation at `path` plays short of, or costs: every frame is decoded, as the player will, and
    /// counted against what a banner keeps (past it, frames are drawn as they play). nil: not an animation, or one
    /// whose frames a banner keeps.
    private func animationNote(_ path: String) -> String? {
        guard let animation = try? decoder.animation(path: path) else { return nil }
        var frames = 0
        do throws(ImageError) {
            while try animation.nextFrame() != nil { frames += 1 }
        } catch {
            guard frames > 0 else { return nil }  // its first frame: the error above says it
            return BannerRenderer.frameFailure(frame: frames + 1, error)
        }
        let (width, height) = bannerSize
        let bound = AnimationBudget.frames(width: width, height: height)
        guard frames > bound else { return nil }
        return
            "an animation of \(frames) frames takes \((frames * width * height * 4) >> 20) MiB at the banner's "
            + "\(width)x\(height), more than the \(AnimationBudget.bytesPerBanner >> 20) MiB a banner keeps: each "
            + "frame is drawn as it plays, which a slow board may not keep up with"
    }
}
