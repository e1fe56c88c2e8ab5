import Foundation
import Testing
import ThreadSanitizerRun

@testable import bannerd

/// A banner in each of the world's major scripts through `bannerd render` with the default fonts (the chains, then
/// fontconfig's fallback to Debian's fonts-noto-core), compared byte for byte with `Golden/text-<name>.png`. The
/// colour emoji are drawn differently by each release of Noto Color Emoji (Debian 12 ships 2.042, Debian 13 2.051),
/// so that case has a golden per font revision, `text-emoji-<revision>.png`, each checked where that font is.
/// After an intended change, regenerate with `BANNERD_UPDATE_GOLDEN=1 swift test --filter WorldTextGoldenTests`,
/// look at every changed image, and commit them with the change.
@Suite struct WorldTextGoldenTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var title: String
        var subtitle: String
        /// The font whose revision names the golden, where the pixels depend on which release is installed.
        var versionedBy: String? = nil
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "latin", title: "Office fit: AVATAR Wy", subtitle: "Ligatures and kerning from the font"),
        Case(name: "cyrillic", title: "Добро пожаловать", subtitle: "Скидка 50% на всё до воскресенья"),
        Case(name: "greek", title: "Καλημέρα κόσμε", subtitle: "Έκπτωση σε όλα τα προϊόντα"),
        Case(name: "arabic", title: "مرحبا بكم في متجرنا", subtitle: "خصم 20% على كل شيء حتى يوم الأحد"),
        Case(name: "hebrew", title: "ברוכים הבאים לחנות", subtitle: "מבצע iPhone 15 היום בלבד"),
        Case(name: "devanagari", title: "नमस्ते, स्वागत है", subtitle: "आज सब कुछ आधे दाम पर, हिन्दी"),
        Case(name: "bengali", title: "স্বাগতম", subtitle: "আজ সবকিছুতে ছাড়"),
        Case(name: "thai", title: "สวัสดีครับ", subtitle: "ลดราคาทุกอย่างวันนี้ที่นี่"),
        Case(name: "cjk", title: "欢迎光临，今日特价", subtitle: "ようこそ · 환영합니다"),
        Case(
            name: "emoji", title: "Coffee ☕ and cake 🍰 👍🏽", subtitle: "Family 👨‍👩‍👧 flags 🇫🇷🇯🇵 ❤️ ✓",
            versionedBy: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
        Case(name: "mixed-rtl", title: "سعر 120 ريال SALE 50%", subtitle: "Arabic with a price and a Latin brand"),
        Case(
            name: "rtl-ellipsis", title: "عرض خاص لفترة محدودة على جميع المنتجات في المتجر اليوم فقط",
            subtitle: "النص الطويل ينتهي بعلامة الحذف على اليسار"),
    ]

    static let directory: String = {
        let file = "\(#filePath)"
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Golden"
    }()

    @Test(
        .disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)),
        arguments: cases)
    func bannerRendersAsItsGolden(_ c: Case) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("world-\(c.name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // No configuration file: the defaults, as a freshly installed appliance has them.
        try "".write(toFile: dir + "/bannerd.toml", atomically: true, encoding: .utf8)
        try """
        [[banner]]
        title = "\(c.title)"
        subtitle = "\(c.subtitle)"
        background = "#263238"
        """.write(toFile: dir + "/content/banners.toml", atomically: true, encoding: .utf8)
        let render = try #require(
            Bannerd.parse([
                "render", "--config", dir + "/bannerd.toml", "--content", dir + "/content", "--size", "640x160",
                "--seconds", "0", "--out", dir + "/frames",
            ]).command)
        try render.run()
        let frame = try Data(contentsOf: URL(fileURLWithPath: dir + "/frames/frame-00000.png"))
        let revision = try c.versionedBy.map { "-" + (try Self.fontRevision($0)) } ?? ""
        let golden = Self.directory + "/text-\(c.name)\(revision).png"
        if getenv("BANNERD_UPDATE_GOLDEN") != nil {
            try frame.write(to: URL(fileURLWithPath: golden))
        }
        guard let expected = FileManager.default.contents(atPath: golden) else {
            Issue.record("no golden \(golden) for the font installed here; make it with BANNERD_UPDATE_GOLDEN=1")
            return
        }
        if frame != expected {
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(c.name).png")
            try frame.write(to: kept)
            Issue.record("\(c.name): the frame differs from \(golden); it is in \(kept.path)")
        }
    }

    /// A font file's revision as its `head` table gives it (a 16.16 fixed-point number), to three decimals: "2.051".
    static func fontRevision(_ path: String) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func number(at offset: Int, bytes count: Int) throws -> Int {
            try #require(offset >= 0 && offset + count <= bytes.count, "\(path): truncated")
            return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
        }
        for table in 0..<(try number(at: 4, bytes: 2)) {
            let record = 12 + 16 * table
            guard try number(at: record, bytes: 4) == 0x6865_6164 else { continue }  // "head"
            let fixed = try number(at: try number(at: record + 8, bytes: 4) + 4, bytes: 4)
            let thousandths = (fixed * 1000 + 32768) >> 16
            let fraction = String(thousandths % 1000)
            return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
    }
}
