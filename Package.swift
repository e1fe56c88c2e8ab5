// swift-tools-version:6.0
// Layers (see README "Code map"): C modules → pure core → thin wrappers → executables.
// The pure targets below depend on no C module, so they build and test on any machine.
import PackageDescription

let package = Package(
    name: "bannerd",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "bannerd", targets: ["bannerd"]),
        // The parsers and decoders the fuzz package (Fuzz/Package.swift) drives with untrusted input.
        .library(name: "ImageDecoding", targets: ["ImageDecoding"]),
        .library(name: "BannerContent", targets: ["BannerContent"]),
        .library(name: "BannerdConfig", targets: ["BannerdConfig"]),
        .library(name: "CarouselTrace", targets: ["CarouselTrace"]),
        .library(name: "GlyphText", targets: ["GlyphText"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
    ],
    dependencies: [
        // Elementary functions (exp, log) for the physics without importing a C library.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        // Counts heap allocations in BannerdBench (malloc/free interposed in-process; benchmark only).
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // MARK: Pure core (imports no C library)
        .target(name: "CarouselEngine", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "CarouselTrace", dependencies: ["CarouselEngine"]),
        .target(name: "Raster"),
        .target(
            name: "FrameLoop",
            dependencies: ["BannerdConfig", "CarouselEngine", "DisplaySelection", "ProofOfPlay", "Raster", "WallClock"]),
        // Test support: a manual clock, a fake display whose flips complete, stall or get lost on cue, the frame path
        // run on them as the poll loop runs it, and a seeded random generator.
        .target(
            name: "FrameLoopTesting",
            dependencies: [
                "BannerdConfig", "FrameLoop", "CarouselEngine", "DisplaySelection", "ProofOfPlay", "Raster",
                "WallClock",
            ]),
        .target(name: "ControlProtocol"),
        // The command line read against each subcommand's options, and their help text (pure).
        .target(name: "CommandLineParsing"),
        // The Prometheus textfile's contents and when to write it (pure).
        .target(name: "Metrics", dependencies: ["TVControl"]),
        // A thread for work the frame loop must not wait for (screenshots, report files).
        .target(name: "BackgroundJobs", dependencies: ["SystemCalls"]),
        .target(name: "TextLayout", dependencies: ["Raster"]),
        // The TOML 1.0 decoder banners.toml and bannerd.toml are read with (positions on every key and value).
        .target(name: "TOMLDecoding"),
        // Wall-clock schedules: weekdays, times of day, daily windows past midnight, dates, and which banners their
        // schedules allow (pure: the caller reads the clock and the zone's offset).
        .target(name: "WallClock", dependencies: ["TOMLDecoding"]),
        // Proof of play: which banner stood centred on the lit screen, when and how it got there; the daily files.
        .target(name: "ProofOfPlay", dependencies: ["ControlProtocol", "TOMLDecoding", "WallClock"]),
        // The TV over HDMI-CEC: the messages, and on, off, read back and "not answering" decided.
        .target(name: "TVControl"),

        // CLOCK_MONOTONIC (the clock of flip events, libinput and poll deadlines) and the one conversion of a
        // deadline to poll()'s timeout.
        .target(name: "MonotonicTime"),

        // MARK: C modules (module.modulemap + one-line shim header, flags from pkg-config)
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // TurboJPEG's compressor, for BannerdBench's and the tests' JPEG fixtures only (bannerd decodes with CJPEG).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // giflib ships no pkg-config file before 5.2.2 (Debian 12 has 5.2.1): the module map links it.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // The C targets with code: libpng's row API and libjpeg's scanline API behind setjmp, since their errors
        // longjmp and Swift cannot catch them (png_rows.c, jpeg_rows.c; the policy stays in PNGCodec and JPEGCodec);
        // FFmpeg's demuxers, decoders and scaler for video banners, opened when the first video is (ffmpeg_calls.c;
        // the headers of libavformat-dev, libavcodec-dev, libswscale-dev and libavutil-dev, nothing linked).
        .target(name: "CPNGRows", dependencies: ["CPNG"]),
        .target(name: "CJPEGRows", dependencies: ["CJPEG"]),
        .target(name: "CFFmpeg"),

        // MARK: Thin wrappers (one per C library; no policy)
        // The EINTR retry and the errno text every system-call wrapper below shares.
        .target(name: "SystemCalls", dependencies: ["CLinuxThreads"]),
        .target(name: "FileAccess", dependencies: ["SystemCalls"]),
        .target(
            name: "ImageDecoding",
            dependencies: [
                "Raster", "FileAccess", "SystemCalls", "CPNG", "CPNGRows", "CJPEG", "CJPEGRows", "CWebP", "CGIF",
                "CFFmpeg",
            ]),
        // FreeType glyphs, HarfBuzz shaping, FriBidi levels and fontconfig's fallback behind TextLayout's protocols.
        .target(
            name: "GlyphText",
            dependencies: ["TextLayout", "BannerdConfig", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"]),
        // BannerdConfig's files read from disk (ConfigurationFiles over FileAccess).
        .target(name: "BannerdConfigFiles", dependencies: ["BannerdConfig", "FileAccess", "SystemCalls"]),

        // MARK: Content (banner model, manifest, loader, pre-rendering)
        .target(
            name: "BannerContent",
            dependencies: ["Raster", "TextLayout", "FileAccess", "ImageDecoding", "TOMLDecoding", "WallClock"]
        ),
        // poll(), eventfd wake-ups and signalfd for the appliance's single event loop.
        .target(name: "EventLoop", dependencies: ["CLinuxEvents", "MonotonicTime", "SystemCalls"]),
        // Tap actions: programs started with posix_spawn, their output and exit watched from the poll loop.
        .target(name: "ChildProcess", dependencies: ["CLinuxProcess", "SystemCalls"]),
        // Graphics mode and a muted keyboard on the VT while bannerd owns the screen.
        .target(name: "VirtualTerminal", dependencies: ["CLinuxConsole", "SystemCalls"]),
        // systemd notification and the control socket (Unix sockets; screenshots cross it as a memfd).
        .target(
            name: "ServiceIO",
            dependencies: ["ControlProtocol", "CLinuxMemfd", "DisplaySelection", "Raster", "SystemCalls"]),
        // An HDMI-CEC adapter (/dev/cecN): a logical address claimed, messages sent and received without blocking.
        .target(name: "HDMICEC", dependencies: ["CLinuxCEC", "SystemCalls"]),
        // Pre-rendered banners around the current page and frame composition (pure: rendering off the loop comes in
        // through a protocol).
        .target(
            name: "CarouselRendering",
            dependencies: ["CarouselEngine", "BannerContent", "DisplaySelection", "FrameLoop", "Raster"]),
        // The pre-render worker's threads and the heap policy for their bitmaps (glibc malloc tuning).
        .target(
            name: "PrerenderThreads",
            dependencies: [
                "CarouselRendering", "BannerContent", "DisplaySelection", "Raster", "CGlibcMalloc", "SystemCalls",
            ]),
        .target(name: "DisplaySelection", dependencies: ["Raster"]),
        .target(name: "InputTranslation", dependencies: ["CarouselEngine", "DisplaySelection", "Raster"]),
        // bannerd.toml, board profiles and the screen schedule (pure: file access comes in through a protocol).
        .target(
            name: "BannerdConfig",
            dependencies: [
                "TOMLDecoding", "WallClock", "DisplaySelection", "InputTranslation", "CarouselEngine", "Raster",
                "ProofOfPlay",
            ]
        ),

        // MARK: C modules (module.modulemap + shim header, found by pkg-config)
        .systemLibrary(name: "CLibDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CLibudev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // Kernel UAPI header only (linux/fb.h, from linux-libc-dev): no library to link.
        .systemLibrary(name: "CLinuxFB"),
        // Kernel/libc headers only (signalfd, eventfd): no library to link.
        .systemLibrary(name: "CLinuxEvents"),
        // libc's posix_spawn and the kernel's pidfd (glibc declarations only): no library to link.
        .systemLibrary(name: "CLinuxProcess"),
        // glibc's thread naming, declared only under _GNU_SOURCE: no library to link.
        .systemLibrary(name: "CLinuxThreads"),
        // Kernel console header (linux/kd.h): no library to link.
        .systemLibrary(name: "CLinuxConsole"),
        // memfd_create (a glibc declaration only): no library to link.
        .systemLibrary(name: "CLinuxMemfd"),
        // The kernel's HDMI-CEC framework (linux/cec.h): its ioctl numbers as constants Swift can import.
        .systemLibrary(name: "CLinuxCEC"),
        // mallopt and malloc_trim (glibc's <malloc.h>), for HeapPolicy.
        .systemLibrary(name: "CGlibcMalloc"),

        // MARK: Thin wrappers (one per C library, no policy)
        .target(
            name: "KMSDisplay",
            dependencies: [
                "CLibDRM", "CLibudev", "CLinuxFB", "DisplaySelection", "Raster", "MonotonicTime", "SystemCalls",
            ]),
        .target(
            name: "LibinputSource",
            dependencies: [
                "CLibinput", "CLibudev", "InputTranslation", "DisplaySelection", "CarouselEngine", "SystemCalls",
            ]
        ),

        // MARK: Executables
        .executableTarget(
            name: "bannerd",
            dependencies: [
                "CarouselEngine",
                "CarouselTrace",
                "BannerContent",
                "CarouselRendering",
                "PrerenderThreads",
                "GlyphText",
                "ImageDecoding",
                "Raster",
                "KMSDisplay",
                "LibinputSource",
                "DisplaySelection",
                "InputTranslation",
                "FrameLoop",
                "EventLoop",
                "VirtualTerminal",
                "BannerdConfig",
                "BannerdConfigFiles",
                "ServiceIO",
                "ControlProtocol",
                "Metrics",
                "ProofOfPlay",
                "HDMICEC",
                "TVControl",
                "BackgroundJobs",
                "ChildProcess",
                "MonotonicTime",
                "SystemCalls",
                "WallClock",
                "CommandLineParsing",
            ]
        ),
        .executableTarget(
            name: "BannerdBench",
            dependencies: [
                "CarouselEngine", "CarouselTrace", "CarouselRendering", "PrerenderThreads", "BannerContent",
                "GlyphText", "ImageDecoding", "Raster", "FileAccess", "TextLayout", "CTurboJPEG", "CWebP", "FrameLoop",
                "FrameLoopTesting", "BackgroundJobs", "DisplaySelection", "CGIF",
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
        // The TOML decoder as the TOML project's conformance suite (toml-test) drives one: TOML on stdin, tagged
        // JSON on stdout (scripts/test-toml).
        .executableTarget(name: "toml-test-decoder", dependencies: ["TOMLDecoding", "ControlProtocol"]),
        // Real-kernel check for the QEMU end-to-end run: modeset, fill, flip, restore, and echo input events.
        .executableTarget(
            name: "kmscheck",
            dependencies: [
                "KMSDisplay", "LibinputSource", "DisplaySelection", "InputTranslation", "CarouselEngine", "Raster",
                "MonotonicTime", "ImageDecoding",
            ]
        ),

        // MARK: Tests
        // Points the test process's fontconfig at fonts.conf beside it (the fonts scripts/install-deps installs, no
        // others) before any test runs: every test target that can reach fontconfig depends on it (issue 24).
        .target(name: "CFontconfigTesting", exclude: ["fonts.conf"]),
        // Whether the tests run under ThreadSanitizer: the slow tests of one thread leave themselves out of that run.
        .target(name: "ThreadSanitizerRun"),
        .testTarget(name: "CarouselEngineTests", dependencies: ["CarouselEngine"]),
        .testTarget(name: "TOMLDecodingTests", dependencies: ["TOMLDecoding"]),
        .testTarget(name: "WallClockTests", dependencies: ["WallClock", "TOMLDecoding"]),
        .testTarget(name: "TVControlTests", dependencies: ["TVControl"]),
        .testTarget(
            name: "BannerdConfigTests",
            dependencies: [
                "BannerdConfig", "BannerdConfigFiles", "DisplaySelection", "InputTranslation", "Raster", "FileAccess",
                "WallClock", "ProofOfPlay",
            ],
            exclude: ["TOMLWriters"]
        ),
        .testTarget(
            name: "CarouselTraceTests", dependencies: ["CarouselTrace", "CarouselEngine"], exclude: ["FuzzCrashes"]),
        .testTarget(
            name: "FrameLoopTests",
            dependencies: [
                "FrameLoop", "FrameLoopTesting", "CarouselEngine", "DisplaySelection", "ProofOfPlay", "WallClock",
            ]
        ),
        .testTarget(name: "ControlProtocolTests", dependencies: ["ControlProtocol"]),
        .testTarget(name: "MetricsTests", dependencies: ["Metrics"]),
        .testTarget(
            name: "ProofOfPlayTests",
            dependencies: ["ProofOfPlay", "WallClock", "FileAccess", "FrameLoopTesting", "SystemCalls"]),
        .testTarget(name: "BackgroundJobsTests", dependencies: ["BackgroundJobs"]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "SystemCalls"]),
        .testTarget(name: "CommandLineParsingTests", dependencies: ["CommandLineParsing"]),
        .testTarget(
            name: "ServiceIOTests",
            dependencies: ["ServiceIO", "ControlProtocol", "Raster", "BackgroundJobs", "SystemCalls"]),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop", "MonotonicTime", "SystemCalls"]),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
        .testTarget(
            name: "CarouselRenderingTests",
            dependencies: [
                "CarouselRendering", "BackgroundJobs", "CarouselEngine", "CarouselTrace", "BannerContent",
                "DisplaySelection", "FrameLoopTesting", "GlyphText", "ImageDecoding", "Raster", "TextLayout",
                "CFontconfigTesting", "ThreadSanitizerRun",
            ],
            exclude: ["Golden"]
        ),
        // The worker's threads sharing one queue, and the presenter fed by them.
        .testTarget(
            name: "PrerenderThreadsTests",
            dependencies: [
                "PrerenderThreads", "CarouselRendering", "CarouselEngine", "BannerContent", "DisplaySelection",
                "FrameLoopTesting", "GlyphText", "ImageDecoding", "Raster", "CFontconfigTesting",
            ]
        ),
        // Bad content through the real loader, decoders, fonts, renderer and presenter.
        .testTarget(
            name: "BadContentTests",
            dependencies: [
                "BannerContent", "CarouselEngine", "CarouselRendering", "GlyphText", "ImageDecoding", "Raster",
                "CFontconfigTesting",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "Raster"]),
        .testTarget(
            name: "GlyphTextTests",
            dependencies: ["GlyphText", "TextLayout", "Raster", "CFontconfig", "CFontconfigTesting"]),
        .testTarget(
            name: "BannerContentTests",
            dependencies: [
                "BannerContent", "Raster", "TextLayout", "GlyphText", "ImageDecoding", "FileAccess", "WallClock",
                "CFontconfigTesting", "ThreadSanitizerRun",
            ],
            exclude: ["Golden", "BadContent", "TOMLWriters"]
        ),
        .testTarget(
            name: "ImageDecodingTests",
            dependencies: [
                "ImageDecoding", "Raster", "FileAccess", "SystemCalls", "CTurboJPEG", "CWebP", "ThreadSanitizerRun",
            ],
            exclude: ["FuzzCrashes", "WebP"]),
        .testTarget(name: "DisplaySelectionTests", dependencies: ["DisplaySelection"]),
        .testTarget(
            name: "InputTranslationTests", dependencies: ["InputTranslation", "DisplaySelection", "CarouselEngine"]),
        .testTarget(
            name: "DevicesCommandTests",
            dependencies: ["bannerd", "DisplaySelection", "InputTranslation", "CarouselEngine", "CFontconfigTesting"]
        ),
        // The subcommands as a user calls them: every command line the docs quote, render as run would show.
        .testTarget(
            name: "BannerdCommandTests", dependencies: ["bannerd", "CFontconfigTesting", "ThreadSanitizerRun"],
            exclude: ["Golden"]),
        // `bannerd run`'s wiring of its threads.
        .testTarget(
            name: "BannerdRunTests",
            dependencies: [
                "bannerd", "BannerContent", "CarouselEngine", "CarouselRendering", "PrerenderThreads", "EventLoop",
                "GlyphText", "MonotonicTime", "Raster", "WallClock", "CFontconfigTesting",
            ]
        ),
        .testTarget(
            name: "KMSDisplayTests",
            dependencies: ["KMSDisplay", "DisplaySelection", "CLibDRM", "CLinuxFB", "Raster", "SystemCalls"]),
    ]
)
