import Foundation
import Testing

@testable import bannerd

/// `bannerd render` plays the carousel as `bannerd run` would with the same configuration and content.
@Suite struct RenderCommandTests {
    @Test func autoplayEachBannersDurationAndTheBackgroundComeFromTheConfiguration() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-as-run-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "[carousel]\nautoplay = 1\nbackground = \"#204060\"\n".write(
            toFile: dir + "/bannerd.toml", atomically: true, encoding: .utf8)
        try """
        [[banner]]
        title = "One"
        [[banner]]
        title = "Two"
        duration = 4
        [[banner]]
        title = "Three"
        """.write(toFile: dir + "/content/banners.toml", atomically: true, encoding: .utf8)
        var render = try Bannerd.parseAsRoot([
            "render", "--config", dir + "/bannerd.toml", "--content", dir + "/content", "--size", "320x200",
            "--seconds", "4.6", "--every", "6", "--out", dir + "/frames",
        ])
        try render.run()
        func frame(_ n: Int) throws -> Data {
            try Data(contentsOf: URL(fileURLWithPath: dir + "/frames/frame-\(String(format: "%05d", n)).png"))
        }
        // The configuration's autoplay (1 s, not the default 5 s): banner two is centred by 1.8 s.
        #expect(try frame(30) != frame(108))
        // Banner two's own duration (4 s): still centred from 1.8 s to 4.5 s.
        #expect(try frame(108) == frame(180))
        #expect(try frame(180) == frame(270))
    }
}
