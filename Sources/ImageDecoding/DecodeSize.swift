/// The size a large image is decoded at when it will be shown at a smaller one: WebP's scaled decode, and the area
/// average PNG rows and JPEG's DCT-scaled rows are read into.
enum DecodeSize {
    /// The size to decode a `size` image at so that it still covers `target` (scale-to-fill needs the larger of
    /// the two ratios, rounded up): the image's own size unless it is at least twice as large as needed, since a
    /// smaller reduction saves little and costs the exact pixels.
    static func covering(_ target: (width: Int, height: Int), from size: (width: Int, height: Int)) -> (
        width: Int, height: Int
    ) {
        guard target.width > 0, target.height > 0, size.width > 0, size.height > 0 else { return size }
        let need = max(Double(target.width) / Double(size.width), Double(target.height) / Double(size.height))
        guard need <= 0.5 else { return size }
        return (
            max(1, Int((Double(size.width) * need).rounded(.up))),
            max(1, Int((Double(size.height) * need).rounded(.up)))
        )
    }
}
