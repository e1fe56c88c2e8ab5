extension Bitmap {
    /// The whole bitmap resampled to `width × height` (aspect ratio not kept).
    public func scaled(width: Int, height: Int) -> Bitmap {
        Resampler.resample(
            self, region: (0, 0, Double(self.width), Double(self.height)), width: width, height: height)
    }

    /// Scales to cover `width × height` completely, keeping the aspect ratio, and crops the overflow equally
    /// from both sides (centre crop), as images are shown on banners.
    public func scaledToFill(width: Int, height: Int) -> Bitmap {
        guard width > 0, height > 0, self.width > 0, self.height > 0 else {
            return Bitmap(width: width, height: height)
        }
        let sw = Double(self.width)
        let sh = Double(self.height)
        // The largest source region with the target's aspect ratio, centred.
        let targetAspect = Double(width) / Double(height)
        var rw = sw
        var rh = sw / targetAspect
        if rh > sh {
            rh = sh
            rw = sh * targetAspect
        }
        return Resampler.resample(self, region: ((sw - rw) / 2, (sh - rh) / 2, rw, rh), width: width, height: height)
    }
}
