// swift-tools-version:6.1
// libFuzzer targets over bannerd's parsers and decoders (issue 6), built and run by scripts/fuzz with
// `-sanitize=fuzzer,address`. A separate package so the root's own builds and tests never carry the
// instrumentation; it reaches the real modules through the root package's library products.
import PackageDescription

let package = Package(
    name: "bannerd-fuzz",
    dependencies: [
        // Named, so the products resolve whatever directory the checkout (or a worktree) lives in.
        .package(name: "bannerd", path: "..")
    ],
    targets: [
        // What the image targets share: the decoder with fuzzing limits and the size-then-decode sequence.
        .target(name: "FuzzImages", dependencies: [.product(name: "ImageDecoding", package: "bannerd")]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzImages"]),
        .executableTarget(name: "FuzzJPEG", dependencies: ["FuzzImages"]),
        .executableTarget(name: "FuzzWebP", dependencies: ["FuzzImages"]),
        .executableTarget(name: "FuzzGIF", dependencies: ["FuzzImages"]),
        .executableTarget(name: "FuzzVideo", dependencies: ["FuzzImages"]),
        .executableTarget(name: "FuzzManifest", dependencies: [.product(name: "BannerContent", package: "bannerd")]),
        .executableTarget(name: "FuzzConfig", dependencies: [.product(name: "BannerdConfig", package: "bannerd")]),
        .executableTarget(name: "FuzzGesture", dependencies: [.product(name: "CarouselTrace", package: "bannerd")]),
        // __lsan_disable/__lsan_enable, for the one allocation LeakSanitizer cannot follow (FuzzText says which).
        .target(name: "CLeakSanitizer"),
        .executableTarget(
            name: "FuzzText",
            dependencies: [
                "CLeakSanitizer",
                .product(name: "GlyphText", package: "bannerd"), .product(name: "TextLayout", package: "bannerd"),
            ]),
    ]
)
