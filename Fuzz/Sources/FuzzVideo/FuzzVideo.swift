import FuzzImages

/// libFuzzer's entry point: one video file's bytes (MP4/QuickTime or Matroska/WebM), demuxed by libavformat for its
/// timeline, decoded by libavcodec and cropped and scaled by libswscale to a small banner (`fuzzVideo`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideoFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzVideo(data, size)
}
