import FileAccess
import Testing
import WallClock

@testable import BannerContent
@testable import Raster

/// banners.toml as two real TOML libraries write it (scripts/toml-writer-fixtures regenerates the files): arrays
/// across lines, literal strings, escapes and UTF-8.
@Suite struct TOMLWriterManifestTests {
    /// This file's directory, Tests/BannerContentTests.
    static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/")
    }()

    @Test(arguments: ["tomli-w", "tomlkit"])
    func writtenByALibrary(writer: String) throws {
        let path = Self.directory + "/TOMLWriters/banners-\(writer).toml"
        let text = try LocalFiles().readText(path)
        let (banners, syntax, problems) = ManifestReader.read(
            text, directory: "/c", path: path, actions: ["show-offer"])
        #expect(syntax.isEmpty && problems.isEmpty, "\(syntax + problems)")
        #expect(banners.count == 3)
        #expect(banners[0].id == "spring-sale" && banners[0].title == "Frühlings-Sale ✨")
        #expect(banners[0].subtitle == "Everything \"20 %\" off" && banners[0].duration == .milliseconds(7500))
        #expect(
            banners[0].action
                == BannerAction(
                    name: "show-offer",
                    parameters: [.init(name: "offer", value: "spring"), .init(name: "sku", value: "A-1")]))
        #expect(banners[0].imagePath == "/c/images/sale.jpg" && banners[0].background == Color(rgb: 0x263238))
        #expect(banners[1].subtitle == "Mon–Sat 9:00–20:00\nSun closed" && banners[1].duration == .seconds(6))
        #expect(banners[1].background == Color(rgb: 0x102030))
        let sale = try #require(banners[0].schedule)
        let april = CivilCalendar.dayNumber(year: 2025, month: 4, day: 1) * 86_400
        #expect(sale.start == .utc(seconds: april + 6 * 3600) && sale.end == .local(seconds: april + 30 * 86_400))
        #expect(sale.window?.days.count == 6 && sale.window?.start.description == "07:00")
        let hours = try #require(banners[1].schedule)
        #expect(hours.start == .local(seconds: april + 18 * 3600) && hours.window?.end.description == "02:00")
        #expect(banners[2].schedule == nil)
        #expect(
            banners[2].id == "map" && banners[2].textColor == Color(red: 0xFF, green: 0xEE, blue: 0xDD, alpha: 0xCC))
    }
}
