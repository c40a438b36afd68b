// swift-tools-version:6.1
import PackageDescription

/// libFuzzer targets for reactor-shell, kept out of the main package so that no product of it
/// carries sanitizer or fuzzer flags. `scripts/fuzz` builds them with
/// `swift build --sanitize=fuzzer --sanitize=address` (see docs/reliability.md); a plain
/// `swift build` here compiles them without instrumentation, which only checks that they build.
let package = Package(
    name: "reactor-shell-fuzz",
    dependencies: [
        .package(name: "reactor-shell", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "ReactorShell", package: "reactor-shell"),
                .product(name: "BuiltinReactors", package: "reactor-shell"),
                .product(name: "ReactorCore", package: "reactor-shell"),
            ]
        ),
        .executableTarget(
            name: "FuzzLanguage",
            dependencies: ["FuzzSupport", .product(name: "ReactorShell", package: "reactor-shell")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzCommandLine",
            dependencies: ["FuzzSupport", .product(name: "ReactorShell", package: "reactor-shell")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzRunner",
            dependencies: ["FuzzSupport", .product(name: "ReactorShell", package: "reactor-shell")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
