import FileAccess
import SystemCalls
import TOMLDecoding

/// Manifest images that are missing or not regular files, reported at the `image =` value that first names them;
/// those banners show their text on the background (reported once here, not again by the renderer).
struct ImageCheck {
    private let files: LocalFiles
    private let manifest: String
    /// Every banner with a bad image, in banner order.
    private(set) var problems: [ContentProblem] = []
    /// Each path looked at once: thousands of banners often share a few images.
    private var verdicts: [String: ContentProblem?] = [:]

    init(files: LocalFiles, manifest: String) {
        self.files = files
        self.manifest = manifest
    }

    /// Whether `path` is a regular file; if not, a problem at `value`, or at the value that first named the path.
    mutating func isUsable(_ path: String, namedAt value: TOMLValue) -> Bool {
        let verdict: ContentProblem?
        if let known = verdicts[path] {
            verdict = known
        } else {
            verdict = check(path, namedAt: value)
            verdicts[path] = .some(verdict)
        }
        guard let verdict else { return true }
        problems.append(verdict)
        return false
    }

    private func check(_ path: String, namedAt value: TOMLValue) -> ContentProblem? {
        let message: String
        do throws(SystemCallError) {
            switch try files.kind(of: path) {
            case .regular: return nil
            case .directory: message = "image \(path) is a directory"
            case .other: message = "image \(path) is not a regular file"
            }
        } catch {
            message = "image \(path) cannot be read: \(error.message)"
        }
        return ContentProblem(path: manifest, line: value.line, column: value.column, message: message)
    }
}
