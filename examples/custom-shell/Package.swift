// swift-tools-version:6.1
// A custom shell, `todo-shell`: a to-do list reactor of our own plus the built-in reactors.
import PackageDescription

let package = Package(
    name: "custom-shell",
    platforms: [.macOS(.v15)],
    dependencies: [
        // This example builds against the checkout around it. A project of your own requires a
        // released version instead (CI builds this example that way too, scripts/check-by-version):
        //     .package(url: "https://example.com/you/reactor-shell.git", from: "0.2.0"),
        .package(name: "reactor-shell", path: "../.."),
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
                // `todo-shell lsp`: the language server, for editors, over this shell's registry.
                .product(name: "ReactorLanguageServer", package: "reactor-shell"),
            ]
        ),
        // Scripts as Swift Testing tests: each failed `:expect` is an issue at the script's line.
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
