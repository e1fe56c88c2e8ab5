import Glibc
import ImageDecoding

/// Smaller than the player's limits so that a header claiming 64 megapixels costs a refusal, not a 256 MiB
/// allocation per execution; the limit check itself is still exercised.
let decoder = ImageDecoder(limits: ImageLimits(maxSide: 4096, maxPixels: 1 << 20))

/// One image file's bytes, sized from the header and then decoded as content checking and pre-rendering do;
/// with `fitting`, to fit a small banner, which takes the library's scaled decode for anything over twice that.
public func fuzzImage(_ data: UnsafePointer<UInt8>?, _ size: Int, fitting: (width: Int, height: Int)? = nil) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? decoder.size(bytes: bytes)
    _ = try? decoder.decodeImage(bytes: bytes, fitting: fitting)
    return 0
}

/// One animation's bytes, as `fuzzImage` does and then played: every frame (at most 64, so that a file of tiny
/// frames stays one quick execution), rewound, and its first frame again.
public func fuzzAnimation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = fuzzImage(data, size, fitting: (width: 16, height: 16))
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let animation = try? decoder.animation(bytes: bytes) else { return 0 }
    var frames = 0
    while frames < 64, (try? animation.nextFrame()) != nil { frames += 1 }
    if (try? animation.rewind()) != nil { _ = try? animation.nextFrame() }
    return 0
}

/// Where `fuzzVideo` puts an input: FFmpeg reads a video from its file, as the player does. One of more names than
/// the player keeps probes of (`VideoProbes.maxVideos`), by a hash of the bytes: an input written in place of another
/// of the same size within one tick of the file system's clock would be taken for it, its timeline left unread.
func videoPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    var hash: UInt32 = 2_166_136_261  // FNV-1a
    for i in 0..<size { hash = (hash ^ UInt32(data?[i] ?? 0)) &* 16_777_619 }
    return "/tmp/bannerd-fuzz-video-\(getpid())-\(hash % 128)"
}

/// One video file's bytes, written to `videoPath`, then opened as the loader (its length), `check` and the
/// pre-render threads do: frames cropped and scaled to a small banner, at most 64, rewound, and its first again.
public func fuzzVideo(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let videoPath = videoPath(data, size)
    defer { unlink(videoPath) }
    let file = open(videoPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard file >= 0 else { return 0 }
    let written = size == 0 ? 0 : write(file, data, size)
    close(file)
    guard written == size else { return 0 }
    _ = decoder.videoProbe(path: videoPath)
    guard let video = try? decoder.animation(path: videoPath, fitting: (width: 24, height: 12)) else { return 0 }
    var frames = 0
    while frames < 64, (try? video.nextFrame()) != nil { frames += 1 }
    if (try? video.rewind()) != nil { _ = try? video.nextFrame() }
    return 0
}
