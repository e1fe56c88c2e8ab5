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
        /// What is worth knowing and is no warning: the frames each animation keeps.
        public var notes: [ContentProblem] = []
        /// True when nothing is wrong (warnings aside) and there is at least one banner.
        public var isClean: Bool { problems.isEmpty && !banners.isEmpty }
    }

    /// Loads `directory` and decodes each distinct image once; problems come in load order, then image order.
    public func check(directory: String) -> Report {
        let loaded = loader.load(directory: directory)
        var problems = loaded.problems
        var warnings = loaded.warnings
        var notes: [ContentProblem] = []
        let alreadyReported = Set(problems.map(\.message))
        var seen = Set<String>()
        for banner in loaded.banners {
            guard let path = banner.imagePath, seen.insert(path).inserted else { continue }
            do throws(ImageError) {
                let image = try decoder.decodeImage(path: path, fitting: displaySize)
                if let note = image.note { warnings.append(ContentProblem(path: path, message: "warning: " + note)) }
                switch animationLine(path) {
                case .warning(let line)?: warnings.append(ContentProblem(path: path, message: "warning: " + line))
                case .note(let line)?: notes.append(ContentProblem(path: path, message: line))
                case nil: break
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
            banners: loaded.banners, problems: problems, usedManifest: loaded.usedManifest, warnings: warnings,
            notes: notes)
    }

    /// What `check` says of an animation.
    private enum AnimationLine {
        /// A frame that fails, or more frames than a banner keeps (drawn as they play).
        case warning(String)
        /// The frames it keeps.
        case note(String)
    }

    /// What `check` says of the animation or video at `path`: every frame is decoded, as the player will, and
    /// counted against what a banner keeps. nil: not an animation.
    private func animationLine(_ path: String) -> AnimationLine? {
        guard let animation = try? decoder.animation(path: path, fitting: bannerSize) else { return nil }
        var frames = 0
        do throws(ImageError) {
            while let frame = try animation.nextFrame() {
                animation.recycle(frame.bitmap)
                frames += 1
            }
        } catch {
            guard frames > 0 else { return nil }  // its first frame: the error above says it
            return .warning(BannerRenderer.frameFailure(frame: frames + 1, error))
        }
        guard frames > 1 else { return nil }
        let (width, height) = bannerSize
        if let video = decoder.videoProbe(path: path)?.summary {
            let line = VideoAdvice.described(video, banner: bannerSize)
            return VideoAdvice.warning(video).map { .warning(line + "; " + $0) } ?? .note(line)
        }
        let bytes = (frames * width * height * 4) >> 20
        let budget = AnimationBudget.bytesPerBanner >> 20
        guard frames <= AnimationBudget.frames(width: width, height: height) else {
            return .warning(
                "an animation of \(frames) frames takes \(bytes) MiB at the banner's \(width)x\(height), more than the "
                    + "\(budget) MiB a banner keeps: each frame is drawn as it plays, which a slow board may not keep up "
                    + "with")
        }
        return .note(
            "an animation of \(frames) frames, kept as \(bytes) MiB at the banner's \(width)x\(height) (of the "
                + "\(budget) MiB a banner keeps)")
    }
}
