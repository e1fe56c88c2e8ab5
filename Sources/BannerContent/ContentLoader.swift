import FileAccess
import ImageDecoding
import SystemCalls

/// The banners found in a content directory and everything wrong with it.
public struct ContentLoadResult: Equatable, Sendable {
    /// The banners, in display order.
    public var banners: BannerList
    /// Everything wrong, in file order.
    public var problems: [ContentProblem]
    /// What is worth knowing but changes nothing shown (a stray file beside the images), each message starting
    /// with "warning: "; kept apart from `problems` (`bannerd check --strict` counts them as errors).
    public var warnings: [ContentProblem] = []
    /// True when the manifest (not the file listing) defined the banners.
    public var usedManifest: Bool
    /// False when the manifest could not be read or has a syntax error: the banners are what could be made of
    /// it, perhaps not what its author meant (see `ContentUpdate`).
    public var isComplete = true
}

/// Loads a content directory: with a `banners.toml` manifest, its banners in its order; without one, every
/// image and video file in natural file-name order (`2.jpg` before `10.jpg`), with no text.
///
/// Never throws: bad content is reported as problems and skipped or shown as a placeholder, so one broken
/// file cannot blank the screen. Image bodies are not decoded here (see `ContentChecker`); a video's container is
/// read for its length, the duration of its banner unless the manifest gives one or loops it.
public struct ContentLoader: Sendable {
    /// The manifest's file name inside the content directory.
    public static let manifestName = "banners.toml"
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "gif"]
    static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "mkv"]
    /// Image formats people put in a content directory that bannerd does not show, by extension.
    static let otherImageFormats: [String: String] = [
        "bmp": "BMP", "tif": "TIFF", "tiff": "TIFF", "heic": "HEIC", "heif": "HEIF",
        "avif": "AVIF", "svg": "SVG", "ico": "ICO", "jxl": "JPEG XL",
    ]
    private let files: LocalFiles
    private let decoder = ImageDecoder()
    /// The action names banners may use: bannerd.toml's `[actions]`.
    private let actions: Set<String>

    /// A loader reading through `files`, for a configuration whose `[actions]` has `actions`.
    public init(files: LocalFiles = LocalFiles(), actions: Set<String> = []) {
        self.files = files
        self.actions = actions
    }

    /// Loads `directory`; never throws (see the type).
    public func load(directory: String) -> ContentLoadResult {
        let dir = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let manifest = dir + "/" + Self.manifestName
        do throws(SystemCallError) {
            let bytes = try files.readBytes(manifest, maxBytes: 4 << 20)
            var images = ImageCheck(files: files, manifest: manifest)
            var lengths = VideoLengths(decoder: decoder)
            let (banners, syntaxProblems, problems) = ManifestReader.read(
                String(decoding: bytes, as: UTF8.self), directory: dir, path: manifest, actions: actions,
                isUsableImage: { images.isUsable($0, namedAt: $1) }, videoLength: { lengths.length(of: $0) })
            var all = syntaxProblems + problems
            if let bad = Self.invalidUTF8(bytes, path: manifest) { all.append(bad) }
            all += images.problems
            // Report in file order, as an editor walks the file (the sort is stable for equal lines).
            all = all.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }
                .map(\.element)
            if banners.isEmpty && all.isEmpty {
                all.append(ContentProblem(path: manifest, message: "manifest has no [[banner]] entries"))
            }
            var result = ContentLoadResult(banners: banners, problems: all, usedManifest: true)
            result.isComplete = syntaxProblems.isEmpty
            return result
        } catch  where error.errno == 2 {  // ENOENT (errno.h): no manifest, list the images instead
            return listImages(dir)
        } catch {
            var result = ContentLoadResult(
                banners: [], problems: [ContentProblem(path: manifest, message: error.reason)], usedManifest: true)
            result.isComplete = false
            return result
        }
    }

    private func listImages(_ dir: String) -> ContentLoadResult {
        let names: [String]
        do {
            names = try files.list(dir)
        } catch {
            return ContentLoadResult(
                banners: [], problems: [ContentProblem(path: dir, message: error.reason)], usedManifest: false)
        }
        var problems: [ContentProblem] = []
        var warnings: [ContentProblem] = []
        var images: [String] = []
        // Hidden files (editor and sync leftovers) are skipped without a word; every other file is either shown
        // or named once with the reason, so an operator is never left wondering why a picture is missing.
        for name in names.sorted(by: NaturalOrder.precedes) where !name.hasPrefix(".") {
            let ext = Self.fileExtension(of: name).lowercased()
            if Self.imageExtensions.contains(ext) || Self.videoExtensions.contains(ext) {
                images.append(name)
            } else if let format = Self.otherImageFormats[ext] {
                problems.append(
                    ContentProblem(
                        path: dir + "/" + name,
                        message:
                            "a \(format) image, not shown: bannerd shows \(ImageFormat.names); convert it to one of them"
                    )
                )
            } else {
                warnings.append(
                    ContentProblem(
                        path: dir + "/" + name,
                        message:
                            "warning: not a \(ImageFormat.names) file, ignored; keep only images and videos in the "
                            + "content directory"
                    )
                )
            }
        }
        if images.isEmpty {
            problems.insert(
                ContentProblem(path: dir, message: "no \(ImageFormat.names) files and no \(Self.manifestName)"), at: 0
            )
        }
        var lengths = VideoLengths(decoder: decoder)
        let banners = BannerList(
            images.lazy.map {
                let path = dir + "/" + $0
                return Banner(id: Self.stem(of: $0), artwork: .file(path: path), duration: lengths.length(of: path))
            })
        var result = ContentLoadResult(banners: banners, problems: problems, usedManifest: false)
        result.warnings = warnings
        return result
    }

    /// Where `bytes` first stop being UTF-8 (the text is still used, with U+FFFD for the bad bytes).
    static func invalidUTF8(_ bytes: [UInt8], path: String) -> ContentProblem? {
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error:
                let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let line = bytes[..<offset].count { $0 == 0x0A } + 1
                let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
                return ContentProblem(
                    path: path, line: line, column: offset - lineStart + 1,
                    message: "not UTF-8 (byte \(byte)); save the file as UTF-8 (shown as U+FFFD until then)")
            }
        }
    }

    static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The file name without directory and extension.
    static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
