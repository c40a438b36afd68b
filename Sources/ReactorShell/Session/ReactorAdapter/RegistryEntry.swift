import ReactorCore

/// One entry of the registry: a name (`:use NAME`), a one-line summary, and how to build its scene.
public struct RegistryEntry: Sendable {
    /// The name typed after `:use` and `--reactor`.
    public let name: String
    /// A one-line summary for `:reactors` and `reactor-shell list`.
    public let summary: String
    /// The settings the entry brings to a shell whose registry holds it (command-line options,
    /// environment variables), read through ``SceneContext/option(_:)``.
    public let options: [RegistryOption]
    /// Builds a fresh scene.
    public let makeScene: @MainActor @Sendable (SceneContext) -> Scene
    /// The invariants and argument generators `reactor-shell explore` uses (see ``exploring(invariants:generators:acceptedErrors:)``).
    public var exploration = Exploration()

    /// Creates an entry.
    public init(
        name: String, summary: String, options: [RegistryOption] = [],
        makeScene: @escaping @MainActor @Sendable (SceneContext) -> Scene
    ) {
        self.name = name
        self.summary = summary
        self.options = options
        self.makeScene = makeScene
    }
}
