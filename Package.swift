// swift-tools-version:6.1
// Layers (see README "Code map"): C modules → pure core → thin wrappers → executables.
// The pure targets below depend on no C module, so they build and test on any machine.
import PackageDescription

let package = Package(
    name: "bannerd",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bannerd", targets: ["bannerd"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // MARK: Pure core (imports no C library)
        .target(name: "CarouselEngine"),
        .target(name: "CarouselTrace", dependencies: ["CarouselEngine"]),
        .target(name: "Raster"),
        .target(name: "DisplaySelection", dependencies: ["Raster"]),
        .target(name: "InputTranslation", dependencies: ["CarouselEngine", "DisplaySelection"]),

        // MARK: C modules (module.modulemap + shim header, found by pkg-config)
        .systemLibrary(name: "CLibDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CLibudev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // Kernel UAPI header only (linux/fb.h, from linux-libc-dev): no library to link.
        .systemLibrary(name: "CLinuxFB"),

        // MARK: Thin wrappers (one per C library, no policy)
        .target(
            name: "KMSDisplay",
            dependencies: ["CLibDRM", "CLibudev", "CLinuxFB", "DisplaySelection", "Raster"]
        ),
        .target(
            name: "LibinputSource",
            dependencies: ["CLibinput", "CLibudev", "InputTranslation", "DisplaySelection", "CarouselEngine"]
        ),

        // MARK: Executables
        .executableTarget(
            name: "bannerd",
            dependencies: [
                "CarouselEngine",
                "CarouselTrace",
                "KMSDisplay",
                "LibinputSource",
                "DisplaySelection",
                "InputTranslation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "BannerdBench", dependencies: ["CarouselEngine", "CarouselTrace"]),
        // Real-kernel check for the QEMU end-to-end run: modeset, fill, flip, restore, and echo input events.
        .executableTarget(
            name: "kmscheck",
            dependencies: [
                "KMSDisplay", "LibinputSource", "DisplaySelection", "InputTranslation", "CarouselEngine", "Raster",
            ]
        ),

        // MARK: Tests
        .testTarget(name: "CarouselEngineTests", dependencies: ["CarouselEngine"]),
        .testTarget(name: "CarouselTraceTests", dependencies: ["CarouselTrace", "CarouselEngine"]),
        .testTarget(name: "DisplaySelectionTests", dependencies: ["DisplaySelection"]),
        .testTarget(
            name: "InputTranslationTests",
            dependencies: ["InputTranslation", "DisplaySelection", "CarouselEngine"]
        ),
        .testTarget(
            name: "DevicesCommandTests",
            dependencies: ["bannerd", "DisplaySelection", "InputTranslation", "CarouselEngine"]
        ),
        .testTarget(
            name: "KMSDisplayTests",
            dependencies: ["KMSDisplay", "DisplaySelection", "CLibDRM", "CLinuxFB", "Raster"]
        ),
    ]
)
