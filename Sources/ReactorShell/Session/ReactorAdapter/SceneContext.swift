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
