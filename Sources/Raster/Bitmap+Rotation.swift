extension Bitmap {
    /// A copy turned by `rotation`, so logical pixel (x, y) is at `rotation.targetPoint(x:y:…)` of the result.
    ///
    /// bannerd turns each banner once when it is pre-rendered (see `Sprite`), not the whole frame every vsync.
    public func rotated(_ rotation: Rotation) -> Bitmap {
        if rotation == .none { return self }
        let size = rotation.targetSize(logicalWidth: width, logicalHeight: height)
        var out = Bitmap(width: size.width, height: size.height)
        for y in 0..<height {
            for x in 0..<width {
                let t = rotation.targetPoint(x: x, y: y, logicalWidth: width, logicalHeight: height)
                out[t.x, t.y] = self[x, y]
            }
        }
        return out
    }
}
