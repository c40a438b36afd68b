// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "custom-shell",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://example.com/you/reactor-shell.git", from: "0.2.0"),
    ],
    targets: [
        // The reactor, in a library of its own so that the shell and the tests share it.
        .target(
            name: "TodoList",
            dependencies: [
                .product(name: "ReactorCore", package: "reactor-shell"),
                .product(name: "ReactorShell", package: "reactor-shell"),
            ]
        ),
        .executableTarget(
            name: "todo-shell",
            dependencies: [
                "TodoList",
                .product(name: "ReactorShell", package: "reactor-shell"),
                .product(name: "BuiltinReactors", package: "reactor-shell"),
                .product(name: "ReactorLanguageServer", package: "reactor-shell"),
            ]
        ),
        .testTarget(
            name: "TodoListTests",
            dependencies: [
                "TodoList",
                .product(name: "ReactorShellTesting", package: "reactor-shell"),
                .product(name: "BuiltinReactors", package: "reactor-shell"),
            ]
        ),
    ]
)
