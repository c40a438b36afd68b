import ReactorCore
import StateDiff

/// The scene a session has loaded: its reactors with their command tables, the focus, and the
/// scheduler they share. `:use` replaces the contents (``load(_:configuration:)``); the object
/// stays, so the runner, the recorder and the reporter all look at the current scene.
@MainActor
final class LoadedScene {
    /// The clock every scene of the session runs on.
    let clockMode: ClockMode
    /// The registry entry it was loaded from (nil before the first `:use`).
    private(set) var entryName: String?
    // Read on every line and event: exempt from dynamic exclusivity checks (main-actor state,
    // replaced only by `load`, never passed `inout`).
    @exclusivity(unchecked) private(set) var reactors: [any ShellReactor] = []
    /// The command tables of ``reactors``, in the same order.
    @exclusivity(unchecked) private(set) var commandTables: [ReactorCommandTable] = []
    /// The index of the focused reactor (0 when the scene is empty).
    @exclusivity(unchecked) var focusIndex = 0
    @exclusivity(unchecked) private(set) var scheduler: Scheduler

    init(clockMode: ClockMode) {
        self.clockMode = clockMode
        self.scheduler = Self.makeScheduler(clockMode)
        let commands = SceneCommands()
        self.commands = commands
        commandsReference = .passUnretained(commands)
    }

    private static func makeScheduler(_ mode: ClockMode) -> Scheduler {
        mode == .virtual ? Scheduler.virtual() : Scheduler(clock: RealClock())
    }

    /// Replaces the scene with a fresh one from `entry`, on a new scheduler: the old reactors'
    /// effects are cancelled and their event handlers removed first.
    func load(_ entry: RegistryEntry, configuration: ShellConfiguration) {
        detach()
        scheduler = Self.makeScheduler(clockMode)
        let scene = entry.makeScene(SceneContext(scheduler: scheduler, configuration: configuration))
        entryName = entry.name
        reactors = scene.reactors
        commandTables = reactors.map(\.commandTable)
        commands = SceneCommands(commandTables)
        hasSeveral = reactors.count > 1
        focusIndex = 0
    }

    /// Cancels the reactors' effects and removes their event handlers.
    func detach() {
        for reactor in reactors {
            reactor.cancelAllEffects()
            reactor.setEventHandler { _ in }
        }
    }

    var isEmpty: Bool { reactors.isEmpty }

    /// Whether the scene has several reactors (output then names the reactor of each block).
    @exclusivity(unchecked) private(set) var hasSeveral = false

    /// The focused reactor's index, if a scene is loaded.
    var focusIndexIfLoaded: Int? { reactors.isEmpty ? nil : focusIndex }

    /// The focused reactor's name, if a scene is loaded.
    var focusedName: String? { reactors.isEmpty ? nil : reactors[focusIndex].name }

    /// The names of the reactors, in order.
    var names: [String] { reactors.map(\.name) }

    /// The index of the reactor named `name`.
    func index(named name: String) -> Int? {
        reactors.firstIndex { $0.name == name }
    }

    /// The state of the reactor named `name` (the focused one when nil).
    func stateValue(ofReactorNamed name: String?) throws -> StateValue? {
        guard let index = name.map({ index(named: $0) }) ?? focusIndexIfLoaded else { return nil }
        return try reactors[index].stateValue()
    }

    /// ``commandTables`` prepared for resolving lines.
    @exclusivity(unchecked) private(set) var commands: SceneCommands {
        didSet { commandsReference = .passUnretained(commands) }
    }
    /// ``commands`` unmanaged (kept alive by it), for the parser's fast path: no retain and
    /// release of the tables per line.
    @exclusivity(unchecked) private(set) var commandsReference: Unmanaged<SceneCommands>

    /// Resolves an action line to a reactor and one of its commands.
    func resolve(_ invocation: ActionInvocation) throws(Diagnostic) -> (reactor: Int, command: Int) {
        try ActionResolver.resolveIndices(invocation, focus: focusIndex, in: commands)
    }
}
