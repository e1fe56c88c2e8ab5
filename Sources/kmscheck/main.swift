// kmscheck: exercises the real display and input paths on a real kernel (the QEMU end-to-end run).
//
//   kmscheck [--connector NAME] [--mode WxH[@Hz]] [--buffers N] [--flips N] [--colour RRGGBB]
//            [--hold-file PATH] [--input-seconds S [--input-until FILE]] [--fbdev PATH] [--pan] [--all-outputs]
//            [--blend [--video FILE]]
//
// Modesets, draws a known picture through a dumb buffer, flips back to back to judge vblank, holds the picture
// until PATH exists (the host takes a screendump meanwhile), echoes input events for S seconds (or until FILE
// exists: a test says when it has sent everything, however slowly its host ran), then shuts down
// and reports whether the CRTC shows what it showed before. Exits non-zero on any failure.
// --all-outputs instead drives every connected output of the card at once (one DRM master, a CRTC each): flips on
// all of them together, then the test picture on each in its own colour (--colour, then green, red, grey), held
// until PATH exists, and restores each CRTC.
// --blend, after the test picture, shows overlay planes over it (one opaque, clipped at the left edge; two
// translucent above it, one clipped at the right and bottom), has the CRTC's writeback connector capture the blend
// and compares it with bannerd's own composition of the same layers, pixel by pixel; then shows them by page flips,
// moving and at rest, and with --video plays FILE decoded straight into the picture plane's buffers.
// --pan instead shows windows of strips larger than the screen by each way of panning, holding each until
// PATH-NAME exists, for screendumps to say which ways the driver honours.

import CarouselEngine
import DisplaySelection
import InputTranslation
import KMSDisplay
import LibinputSource
import Raster

#if canImport(Glibc)
    import Glibc
#endif

do {
    let options = try KMSCheckOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    try KMSCheck(options: options).run()
} catch {
    say("kmscheck: FAIL: \(error)")
    exit(1)
}

/// Prints a line and flushes at once: the QEMU runner watches the serial console for markers.
func say(_ line: String) {
    print(line)
    fflush(nil)  // nil flushes every stream; naming stdout is not concurrency-safe in Swift 6
}
