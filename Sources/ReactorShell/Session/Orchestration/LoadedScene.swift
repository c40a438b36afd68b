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
    /// The reactors, in the entry's order.
    private(set) var reactors: [any ShellReactor] = []
    /// The command tables of ``reactors``, in the same order.
    private(set) var commandTables: [ReactorCommandTable] = []
    /// The index of the focused reactor (0 when the scene is empty).
    var focusIndex = 0
    /// The scheduler the reactors share.
    private(set) var scheduler: Scheduler
    /// Where the reactors' runtime observers write their events (see ``SceneJournal``).
    private(set) var journal: SceneJournal
    /// Signalled by each scene's journal when events arrive outside a line; the runner awaits it.
    let lateEvents = LateEventSignal()

    init(clockMode: ClockMode) {
        self.clockMode = clockMode
        let scheduler = Self.makeScheduler(clockMode)
        self.scheduler = scheduler
        self.journal = SceneJournal(scheduler: scheduler, lateEvents: lateEvents)
        self.commands = SceneCommands()
    }

    private static func makeScheduler(_ mode: ClockMode) -> Scheduler {
        mode == .virtual ? Scheduler.virtual() : Scheduler(clock: RealClock())
    }

    /// Replaces the scene with a fresh one from `entry`, on a new scheduler and journal: the old
    /// reactors' effects are cancelled first (their last events go to the old journal, which
    /// nobody reads any more). The new journal tells the same ``lateEvents``.
    func load(_ entry: RegistryEntry, configuration: ShellConfiguration) {
        for reactor in reactors { reactor.state.cancelAllEffects() }
        scheduler = Self.makeScheduler(clockMode)
        journal = SceneJournal(scheduler: scheduler, lateEvents: lateEvents)
        let scene = entry.makeScene(SceneContext(scheduler: scheduler, configuration: configuration))
        entryName = entry.name
        reactors = scene.reactors
        for (index, reactor) in reactors.enumerated() { reactor.recordEvents(into: journal, as: index) }
        commandTables = reactors.map(\.commandTable)
        commands = SceneCommands(commandTables)
        hasSeveral = reactors.count > 1
        focusIndex = 0
    }

    var isEmpty: Bool { reactors.isEmpty }

    /// Whether the scene has several reactors (output then names the reactor of each block).
    private(set) var hasSeveral = false

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
        return try reactors[index].state.value()
    }

    /// ``commandTables`` prepared for resolving lines.
    private(set) var commands: SceneCommands
}
