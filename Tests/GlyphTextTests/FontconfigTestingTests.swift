import CFontconfig
import CFontconfigTesting
import Foundation
import Testing

/// The test process asks fontconfig over the project's own configuration (Sources/CFontconfigTesting/fonts.conf): the
/// fonts scripts/install-deps installs and no others, whatever else the machine has (issue 24).
@Suite struct FontconfigTestingTests {
    /// The committed fonts.conf, found from this file's own path.
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/CFontconfigTesting/fonts.conf").path

    /// The directories fonts.conf lists, one a package or two (fonts-noto-core and fonts-noto-color-emoji).
    static let directories: Set<String> = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/wqy",
        "/usr/share/fonts/truetype/ancient-scripts", "/usr/share/fonts/truetype/noto",
    ]

    @Test func theEnvironmentNamesTheCommittedConfiguration() throws {
        // Set by CFontconfigTesting's constructor before main: proof the linker kept it.
        let file = try #require(ProcessInfo.processInfo.environment["FONTCONFIG_FILE"])
        #expect(file == Self.committed)
        #expect(String(cString: bannerd_fontconfig_testing_file()) == Self.committed)
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func fontconfigListsOnlyTheProjectsFonts() throws {
        let files = try Self.files(covering: nil)
        #expect(files.count > 250, "DejaVu, WenQuanYi Zen Hei, Symbola and Noto")
        let outside = files.filter { !Self.directories.contains(($0 as NSString).deletingLastPathComponent) }
        #expect(outside.isEmpty, "\(outside.prefix(5))")
    }

    @Test func noFontHasThePrivateUseCharacter() throws {
        // fonts-glyphicons-halflings has U+F8FF; it is outside the configuration even where it is installed.
        #expect(try Self.files(covering: 0xF8FF) == [])
    }

    /// The files of the fonts the process's current configuration has, all of them or those covering `codepoint`.
    static func files(covering codepoint: UInt32?) throws -> [String] {
        let pattern = try #require(FcPatternCreate())
        defer { FcPatternDestroy(pattern) }
        let objects = try #require(FcObjectSetCreate())
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, "file")
        if let codepoint {
            let charset = try #require(FcCharSetCreate())
            defer { FcCharSetDestroy(charset) }
            _ = FcCharSetAddChar(charset, codepoint)
            _ = FcPatternAddCharSet(pattern, "charset", charset)
        }
        // A nil configuration is the current one, which FontconfigFallback uses too.
        let fonts = try #require(FcFontList(nil, pattern, objects))
        defer { FcFontSetDestroy(fonts) }
        return (0..<Int(fonts.pointee.nfont)).compactMap { i in
            var file: UnsafeMutablePointer<FcChar8>?
            guard let font = fonts.pointee.fonts[i], FcPatternGetString(font, "file", 0, &file) == FcResultMatch,
                let file
            else { return nil }
            return String(cString: file)
        }
    }
}
