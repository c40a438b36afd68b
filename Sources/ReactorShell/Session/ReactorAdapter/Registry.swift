import ReactorCore

/// What a scene's factory gets: the scheduler every reactor of the scene must run on, and the
/// session's configuration (the entries' settings, the environment).
@MainActor
public struct SceneContext {
    /// The scheduler (clock + work tracking) shared by the scene's reactors.
    public let scheduler: Scheduler
    /// The shell's configuration.
    public let configuration: ShellConfiguration

    /// Creates a context.
    public init(scheduler: Scheduler, configuration: ShellConfiguration) {
        self.scheduler = scheduler
        self.configuration = configuration
    }

    /// The value of the registry entry's setting `name` (see ``RegistryOption``): from the
    /// command line, the environment or its default; nil when none gave one.
    public func option(_ name: String) -> String? {
        configuration.options[name]
    }
}

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

/// The reactors a shell can load, in order (the first is loaded at start unless `--reactor` says).
public struct Registry: Sendable {
    /// The entries, in order.
    public var entries: [RegistryEntry]

    /// A registry of `entries`.
    public init(_ entries: [RegistryEntry]) {
        self.entries = entries
    }

    /// The entry named `name`, if any.
    public func entry(named name: String) -> RegistryEntry? {
        entries.first { $0.name == name }
    }

    /// The entry names, in order.
    public var names: [String] { entries.map(\.name) }

    /// `registry` followed by `more` (a later entry with an existing name replaces it).
    public static func + (registry: Registry, more: [RegistryEntry]) -> Registry {
        var result = registry
        for entry in more {
            if let index = result.entries.firstIndex(where: { $0.name == entry.name }) {
                result.entries[index] = entry
            } else {
                result.entries.append(entry)
            }
        }
        return result
    }
}
