// swift-tools-version:6.1
// A custom shell: the built-in reactors plus a to-do list reactor of our own.
import PackageDescription

let package = Package(
    name: "custom-shell",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "reactor-shell", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "todo-shell",
            dependencies: [
                .product(name: "ReactorCore", package: "reactor-shell"),
                .product(name: "ReactorShell", package: "reactor-shell"),
            ]
        ),
    ]
)
