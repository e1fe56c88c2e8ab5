import ImageDecoding

/// The length of each video a load names, its container read once however many banners show it; files whose
/// name is not a video's are not opened.
struct VideoLengths {
    let decoder: ImageDecoder
    private var known: [String: Duration?] = [:]

    init(decoder: ImageDecoder) {
        self.decoder = decoder
    }

    mutating func length(of path: String) -> Duration? {
        guard ContentLoader.videoExtensions.contains(ContentLoader.fileExtension(of: path).lowercased()) else {
            return nil
        }
        if let length = known[path] { return length }
        let length = decoder.videoProbe(path: path)?.summary.length
        known[path] = .some(length)
        return length
    }
}
