import Testing
import ThreadSanitizerRun

@testable import BannerContent
@testable import Raster

/// The compact banner store: every field comes back as given, shared strings are stored once, and the cost per
/// banner stays flat however many there are.
@Suite struct BannerListTests {
    static let full = Banner(
        id: "ü-1", title: "Привет · 你好 · 🎉", subtitle: "line one\nline two\t\u{0}end",
        artwork: .file(path: "/srv/content/ñandú.jpg"), background: Color(red: 1, green: 2, blue: 3, alpha: 4),
        textColor: Color(red: 250, green: 251, blue: 252, alpha: 253), duration: .milliseconds(1500),
        action: BannerAction(
            name: "show-offer",
            parameters: [
                .init(name: "id", value: "ü"), .init(name: "empty", value: ""), .init(name: "id2", value: "ü"),
            ]))

    static let patterns: [BannerPattern] = [
        .diagonalGradient(Color(rgb: 0x10_2030), Color(rgb: 0x40_5060)),
        .stripes(.black, .white, widthPoints: 24.5),
        .rings(Color(rgb: 0x6A_1B9A), .clear, widthPoints: 20),
        .checker(.white, .black, cellPoints: 32),
    ]

    @Test func everyFieldComesBackAsGiven() {
        let banners =
            [
                Self.full,
                Banner(id: "plain"),
                Banner(id: "", title: "", subtitle: "", duration: nil, action: nil),
                Banner(id: "no-parameters", title: "T", action: BannerAction(name: "show-offer")),
                Banner(id: "no-duration", title: "T", duration: .seconds(86400)),
            ] + Self.patterns.enumerated().map { Banner(id: "p\($0.offset)", artwork: .pattern($0.element)) }
        let list = BannerList(banners)
        #expect(list.count == banners.count)
        #expect(Array(list) == banners)
        for (i, banner) in banners.enumerated() { #expect(list.duration(at: i) == banner.duration) }
        #expect(list[3].action == BannerAction(name: "show-offer") && list[2].action == nil)
    }

    @Test func bytesArePreservedExactly() {
        // Equal as Strings (canonically equivalent), different as bytes: as paths they name different files.
        let composed = Banner(id: "a", artwork: .file(path: "/c/\u{E9}.png"))
        let decomposed = Banner(id: "a", artwork: .file(path: "/c/e\u{301}.png"))
        #expect(composed == decomposed)
        let list = BannerList([composed, decomposed])
        #expect(
            list.compactMap { $0.imagePath.map { Array($0.utf8) } } == [
                Array("/c/\u{E9}.png".utf8), Array("/c/e\u{301}.png".utf8),
            ])
        #expect(BannerList([composed]) != BannerList([decomposed]))
    }

    @Test func sharedStringsAttributesAndPatternsAreStoredOnce() {
        let subtitle = "The same subtitle on every banner, long enough to matter"
        let path = "/srv/content/images/the-same-photo-for-all.jpg"
        let list = BannerList(
            (0..<1000).lazy.map { i in
                Banner(
                    id: "b\(i)", title: "Banner \(i % 10)", subtitle: subtitle, artwork: .file(path: path),
                    duration: .seconds(6),
                    action: BannerAction(name: "echo", parameters: [.init(name: "banner", value: "b\(i)")]))
            })
        // 1000 ids (also each parameter's value), 10 titles, one subtitle, one path, one action, one parameter name.
        #expect(list.stringEnds.count == 1000 + 10 + 4)
        #expect(list.text.count < 1000 * 5 + 10 * 8 + subtitle.utf8.count + path.utf8.count + 10 + 100)
        #expect(list.attributes.count == 1 && list.actionStrings.count == 3000)
        #expect(list[999].subtitle == subtitle && list[999].imagePath == path)
        #expect(list[999].action == BannerAction(name: "echo", parameters: [.init(name: "banner", value: "b999")]))
        let patterned = BannerList(
            (0..<100).lazy.map { Banner(id: "p\($0)", artwork: .pattern(Self.patterns[$0 % 2])) })
        #expect(patterned.patterns == Array(Self.patterns.prefix(2)))
    }

    @Test func equalityComparesTheBannersInOrder() {
        let a = Banner(id: "a", title: "A")
        let b = Banner(id: "b", title: "B", duration: .seconds(3))
        #expect(BannerList([a, b]) == [a, b])
        #expect(BannerList([a, b]) != [b, a])
        #expect(BannerList([a]) != [a, b])
        var changed = b
        changed.textColor = .black
        #expect(BannerList([a, b]) != [a, changed])
        changed = b
        changed.action = BannerAction(name: "x")
        #expect(BannerList([a, b]) != [a, changed])
        #expect(BannerList() == [] && BannerList([Banner]()) == BannerList())
    }

    @Test func slicesAndDescriptionsBehaveAsAnArray() {
        let banners = (0..<6).map { Banner(id: "b\($0)", title: "Banner \($0)") }
        let list = BannerList(banners)
        #expect(Array(list[2..<4]) == Array(banners[2..<4]))
        #expect(list.firstIndex { $0.id == "b4" } == 4 && list.last == banners.last)
        #expect(list.description == banners.description)
    }

    /// Memory per banner is flat as N grows: the records are fixed-size and shared strings are not repeated.
    @Test(
        .disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)),
        arguments: [1, 10, 1000, 100_000])
    func storagePerBannerStaysFlat(count: Int) {
        let list = BannerList(
            (0..<count).lazy.map { i in
                Banner(
                    id: "b\(i)", title: "Banner \(i + 1)", subtitle: "Photo \(i % 4) of the bench content",
                    artwork: .file(path: "/srv/content/photo-\(i % 4).jpg"))
            })
        #expect(list.count == count)
        #expect(MemoryLayout<BannerList.Record>.stride == 24)
        #expect(list.storageBytes <= 64 * count + 200, "\(list.storageBytes) bytes for \(count) banners")
        let last = count - 1
        #expect(list[last].id == "b\(last)" && list[last].title == "Banner \(count)")
        #expect(list[last].imagePath == "/srv/content/photo-\(last % 4).jpg")
    }
}
