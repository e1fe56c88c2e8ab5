import BannerContent
import CarouselEngine
import CarouselRendering
import Foundation
import Glibc
import GlyphText
import ImageDecoding
import Raster
import Testing

/// A scratch content directory holding one good banner (a sea-green PNG, `00-good.png`) beside the bad thing a
/// test puts there, played through the real loader, fonts, decoders, renderer and presenter.
final class ContentScene {
    static let good = Color(rgb: 0x2E8B57)
    let dir: String

    init(withGoodBanner: Bool = true) throws {
        var template = Array("/tmp/bannerd-bad-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        dir = try #require(made)
        if withGoodBanner {
            try PNGEncoder().write(Bitmap(width: 64, height: 36, color: Self.good), to: path("00-good.png"))
        }
    }

    deinit {
        // The unreadable case leaves a mode-000 file; root removes it regardless.
        try? FileManager.default.removeItem(atPath: dir)
    }

    func path(_ name: String) -> String { dir + "/" + name }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    }

    func write(_ name: String, text: String) throws { try write(name, Array(text.utf8)) }

    /// A committed fixture from `Fixtures/` under another name.
    func copy(fixture: String, as name: String) throws {
        try write(name, Self.fixture(fixture))
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        return Array(try Data(contentsOf: here.appendingPathComponent("Fixtures/" + name)))
    }

    /// What the player did with the directory.
    struct Outcome {
        /// The banners loaded, in order.
        var banners: BannerList
        /// Every log line: loader problems, font problems, render problems (each once).
        var lines: [String]
        /// The colour in the lower middle of the screen with each banner centred (0xRRGGBB).
        var centres: [UInt32]
        /// True when some frame shows the good banner's artwork at the screen centre.
        var showsGoodBanner: Bool { centres.contains(ContentScene.good.rgb) }
    }

    static let screen = (width: 400, height: 240)

    /// Loads the directory and composes one frame with each banner centred, checking that nothing on disk
    /// changed. `fonts` replaces Debian's fonts (the missing-font cases); `asNobody` plays it without root's
    /// right to read every file.
    func play(fonts paths: FontPaths = .debian, asNobody unprivileged: Bool = false) throws -> Outcome {
        let before = try DirectorySnapshot(dir)
        let outcome = unprivileged ? try asNobody { try load(fonts: paths) } : try load(fonts: paths)
        #expect(try DirectorySnapshot(dir) == before, "the player changed something on disk")
        return outcome
    }

    private func load(fonts paths: FontPaths) throws -> Outcome {
        let loaded = ContentLoader().load(directory: dir)
        let fonts = try FontSet(paths: paths)
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let layout = try CarouselLayout(widthPixels: Self.screen.width, heightPixels: Self.screen.height, scale: 1)
        let presenter = CarouselPresenter(
            banners: loaded.banners, layout: layout, rotation: .none, background: .black,
            rendering: .inline(renderer))
        let target = PixelBufferStorage(width: Self.screen.width, height: Self.screen.height, format: .xrgb8888)
        var centres: [UInt32] = []
        for index in 0..<max(1, loaded.banners.count) {
            let carousel = Carousel(layout: layout, count: loaded.banners.count, startIndex: index)
            presenter.focus(on: carousel)
            presenter.draw(carousel.visibleViews(), into: target.buffer)
            // Below the text block and its scrim: the artwork itself.
            let probe = (x: Self.screen.width / 2, y: Self.screen.height * 3 / 4)
            centres.append((target.buffer.xrgb(x: probe.x, y: probe.y) ?? 0) & 0xFF_FFFF)
        }
        #expect(presenter.placeholdersDrawn == 0)
        let lines = loaded.problems.map(\.description) + fonts.problems.map(\.description) + presenter.takeProblems()
        return Outcome(banners: loaded.banners, lines: lines, centres: centres)
    }
}

/// One line, naming `file`, saying `reason`; the good banner still shown (each bad-content case's verdict).
func expectOneLine(
    _ outcome: ContentScene.Outcome, naming file: String, saying reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(outcome.lines.count == 1, "\(outcome.lines)", sourceLocation: sourceLocation)
    let line = outcome.lines.first ?? ""
    #expect(line.contains(file) && line.contains(reason), "\(line)", sourceLocation: sourceLocation)
    #expect(!line.contains("\n"), sourceLocation: sourceLocation)
    #expect(outcome.showsGoodBanner, "centres: \(outcome.centres)", sourceLocation: sourceLocation)
}

extension Color {
    /// 0xRRGGBB.
    var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}

/// Everything about a directory tree that playing it must not change: names, kinds, modes, sizes, times,
/// contents and link targets (`lstat`, so symlink loops are recorded, not followed).
struct DirectorySnapshot: Equatable {
    struct Entry: Equatable {
        var mode: mode_t
        var size: Int
        var modified: timespec
        var bytes: [UInt8]
        var link: String

        static func == (a: Entry, b: Entry) -> Bool {
            a.mode == b.mode && a.size == b.size && a.modified.tv_sec == b.modified.tv_sec
                && a.modified.tv_nsec == b.modified.tv_nsec && a.bytes == b.bytes && a.link == b.link
        }
    }

    var entries: [String: Entry] = [:]

    init(_ root: String) throws {
        try walk(root, relative: ".")
    }

    private mutating func walk(_ path: String, relative: String) throws {
        var st = stat()
        guard lstat(path, &st) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var entry = Entry(mode: st.st_mode, size: Int(st.st_size), modified: st.st_mtim, bytes: [], link: "")
        switch st.st_mode & S_IFMT {
        case S_IFREG: entry.bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
        case S_IFLNK: entry.link = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? ""
        case S_IFDIR:
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                try walk(path + "/" + name, relative: relative + "/" + name)
            }
        default: break
        }
        entries[relative] = entry
    }
}

/// Runs `body` with the file-system identity of user `nobody` on this thread (`setfsuid`), so permission checks
/// apply even when the tests run as root. Looked up at run time: Glibc's Swift module does not export it.
func asNobody<T>(_ body: () throws -> T) throws -> T {
    typealias SetFSUID = @convention(c) (UInt32) -> Int32
    let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setfsuid"))
    let setfsuid = unsafeBitCast(symbol, to: SetFSUID.self)
    let previous = setfsuid(65534)
    defer { _ = setfsuid(UInt32(previous)) }
    return try body()
}
