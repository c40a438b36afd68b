// swift-tools-version:6.1
import PackageDescription

// No target that a library product contains may use `unsafeFlags`: SwiftPM refuses such a
// package when it is required by version (scripts/check-by-version proves it). The executable's
// linker flags below are fine: an adopter never builds that product.

/// Release builds of the `reactor-shell` executable on Linux link the Swift runtime and
/// libraries statically, like `swift build --static-swift-stdlib` but with a plain
/// `swift build -c release`: the dynamic loader then maps and relocates no Swift libraries at
/// start, which more than halves the start-up instructions (see docs/performance.md).
/// - The modules were compiled against the shared Swift libraries, whose auto-link entries do
///   not name the static FoundationEssentials' own dependencies (`--static-swift-stdlib`
///   compiles against the static ones), so they are named here.
/// - lld, the toolchain's linker: gold warns about `mktemp` in the static FoundationEssentials.
/// - libstdc++ (which the Swift runtime uses) is linked statically too, through the linker
///   script `scripts/static-libstdc++/libstdc++.so`: relocating libstdc++.so.6 cost a third of
///   what was left.
/// Debug builds, which the tests link against, stay dynamic.
let staticRuntimeInRelease = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let staticSwiftRuntimeInRelease: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-use-ld=lld", "-L", Context.packageDirectory + "/scripts/static-libstdc++"],
        staticRuntimeInRelease),
    .linkedLibrary("_FoundationCShims", staticRuntimeInRelease),
    .linkedLibrary("_FoundationCollections", staticRuntimeInRelease),
]

let package = Package(
    name: "reactor-shell",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReactorCore", targets: ["ReactorCore"]),
        .library(name: "StateDiff", targets: ["StateDiff"]),
        // The shell alone: no built-in reactors, no libcurl loader.
        .library(name: "ReactorShell", targets: ["ReactorShell"]),
        .library(name: "BuiltinReactors", targets: ["BuiltinReactors"]),
        // Scripts as tests from Swift Testing: each failed `:expect` or error is an issue at its line.
        .library(name: "ReactorShellTesting", targets: ["ReactorShellTesting"]),
        // `lsp` for a shell that opts in: `ReactorShellMain.run(..., tools: [.languageServer])`.
        .library(name: "ReactorLanguageServer", targets: ["ReactorLanguageServer"]),
        .executable(name: "reactor-shell", targets: ["reactor-shell"]),
        // The live view's HTTP server (FlyingFox), and the process the shell starts on `--serve`.
        .library(name: "LiveView", targets: ["LiveView"]),
        .executable(name: "reactor-shell-live", targets: ["reactor-shell-live"]),
    ],
    traits: [
        .trait(name: "GNUReadline", description: "Line editing through GNU readline (GPL-3)."),
        .trait(name: "LibEdit", description: "Line editing through libedit (BSD) instead of GNU readline."),
        .default(enabledTraits: ["GNUReadline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // `swift package generate-documentation`: the DocC catalogs of the library products
        // (Sources/*/*.docc). A command plugin: nothing of it is built into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "ReactorCore"),
        .target(name: "StateDiff"),
        // Missing headers stop the build with the package to install (shim.h); pkg-config finds
        // non-standard install locations, and SwiftPM names the providers when it cannot.
        // No pkgConfig for readline: readline.pc's -D flags are ones SwiftPM refuses (a warning
        // on every build), and the headers are in the standard place wherever the package is.
        .systemLibrary(
            name: "CReadline",
            providers: [.apt(["libreadline-dev"]), .yum(["readline-devel"]), .brew(["readline"])]),
        .systemLibrary(
            name: "CEditline", pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .yum(["libedit-devel"]), .brew(["libedit"])]),
        // The live view's page (HTML, CSS, JS and fonts as text): served by LiveView, written by
        // `:save --html`. Fonts/LICENSE is the embedded fonts' licence (scripts/subset-fonts).
        .target(name: "LiveViewPage", exclude: ["Fonts/LICENSE"]),
        .target(
            name: "ReactorShell",
            dependencies: [
                "ReactorCore", "StateDiff", "LiveViewPage",
                .target(name: "CReadline", condition: .when(traits: ["GNUReadline"])),
                .target(name: "CEditline", condition: .when(traits: ["LibEdit"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // libcurl is opened with dlopen when a network search first needs it, never linked:
        // linking it (or FoundationNetworking) costs every start-up ~30 more shared libraries.
        .target(
            name: "CCurlLoader",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "BuiltinReactors",
            dependencies: ["ReactorCore", "ReactorShell", "StateDiff", "CCurlLoader"]
        ),
        .target(name: "ReactorShellTesting", dependencies: ["ReactorShell"]),
        // The language server lives at the edge (DESIGN.md): over the shell's language, not in it.
        .target(name: "ReactorLanguageServer", dependencies: ["ReactorShell", "ReactorCore", "StateDiff"]),
        // The live view's server: its own process (`reactor-shell-live`), started by `--serve`, so
        // that the shell itself links no HTTP server and no Foundation (docs/architecture.md).
        .target(
            name: "LiveView",
            dependencies: [
                "LiveViewPage", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]),
        .executableTarget(
            name: "reactor-shell-live",
            dependencies: ["LiveView", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "reactor-shell",
            dependencies: ["ReactorShell", "BuiltinReactors", "ReactorLanguageServer"],
            linkerSettings: staticSwiftRuntimeInRelease
        ),
        // `swift run -c release reactor-benchmarks`. Its main.swift answers the man page
        // generator's `--experimental-dump-help` (swift package generate-manual runs every
        // executable of the package with it).
        .executableTarget(
            name: "reactor-benchmarks",
            dependencies: [
                "ReactorCore", "StateDiff", "ReactorShell", "BuiltinReactors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/ReactorBenchmarks"
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A custom shell whose reactor traps, for the end-to-end tests of the crash report.
        .executableTarget(
            name: "trapping-shell", dependencies: ["ReactorShell", "BuiltinReactors", "ReactorCore"],
            path: "Tests/Fixtures/TrappingShell"),
        .testTarget(name: "ReactorCoreTests", dependencies: ["ReactorCore"]),
        .testTarget(name: "StateDiffTests", dependencies: ["StateDiff", "TestSupport"]),
        .testTarget(name: "ReactorShellTests", dependencies: ["ReactorShell", "ReactorCore", "StateDiff", "TestSupport"]),
        .testTarget(name: "BuiltinReactorsTests", dependencies: ["BuiltinReactors", "ReactorShell", "ReactorCore", "TestSupport"]),
        .testTarget(
            name: "ReactorShellTestingTests", dependencies: ["ReactorShellTesting", "ReactorShell", "BuiltinReactors"],
            exclude: ["scripts"]),
        .testTarget(
            name: "ReactorLanguageServerTests",
            dependencies: ["ReactorLanguageServer", "ReactorShell", "BuiltinReactors", "StateDiff"]),
        .testTarget(name: "LiveViewTests", dependencies: ["LiveView"]),
        .testTarget(name: "EndToEndTests", dependencies: ["reactor-shell", "reactor-shell-live", "trapping-shell", "TestSupport", "StateDiff"]),
    ]
)
