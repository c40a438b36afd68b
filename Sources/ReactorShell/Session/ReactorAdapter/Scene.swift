import ReactorCore

/// The reactors a registry entry loads: one or more, each under its own name; the first is focused.
@MainActor
public struct Scene {
    /// The scene's reactors, in declaration order.
    public var reactors: [any ShellReactor]

    /// A scene of `reactors`; the first is focused after `:use`.
    public init(_ reactors: [any ShellReactor]) {
        self.reactors = reactors
    }

    /// A scene of `reactors`; the first is focused after `:use`.
    public init(_ reactors: any ShellReactor...) {
        self.reactors = reactors
    }
}
