#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReactorCore
import StateDiff

/// What running one command line led to.
public enum CommandOutcome: Sendable, Equatable {
    /// It ran, and any expectation held.
    case succeeded
    /// It failed: parse error, unknown name, failed expectation, timeout, …
    case failed
    /// `:quit` or `:exit [CODE]`.
    case quit(code: Int32?)
}

/// A shell session: the loaded scene, the focus, the log, time travel, settings and counts.
/// Both front ends (batch and interactive) feed it lines; it prints through one printer.
@MainActor
public final class ShellSession {
    /// The reactors that `:use` can load.
    public let registry: Registry
    /// The configuration the session started with.
    public let configuration: ShellConfiguration
    let printer: SessionPrinter
    let clockMode: ClockMode
    /// How long `:wait` and the wait after each batch action may take.
    let waitLimit: Duration = .seconds(10)

    private(set) var scheduler: Scheduler
    private(set) var entryName: String?
    private(set) var reactors: [any ShellReactor] = []
    private(set) var focusIndex = 0
    /// The command tables of ``reactors``, in the same order.
    private(set) var commandTables: [ReactorCommandTable] = []
    // The fields a batch line changes (the baselines, the log, the replay, the timelines, the
    // recent actions) are exempt from dynamic exclusivity checks, about 60 instructions each and
    // a sixth of a scoreboard line: they are main-actor state, and no access to one of them
    // overlaps another (none is passed `inout` to code that could reach the session).
    @exclusivity(unchecked) var lastStates: [StateValue?] = []
    /// An empty change list kept for its capacity (see ``reportChange(of:label:elapsed:)``).
    @exclusivity(unchecked) private var changeScratch: [StateChange] = []
    @exclusivity(unchecked) var timelines: [Timeline] = []

    var showDiffs: Bool
    var trace = false
    var colorMode: ColorMode

    /// `:expect` lines that held.
    public internal(set) var passed = 0
    /// `:expect` lines that did not.
    public internal(set) var failed = 0
    /// Whether any command failed (errors and failed expectations): the exit status is 1 if so.
    public internal(set) var hadFailure = false

    @exclusivity(unchecked) var log: SessionLog
    /// The commands that replay the session (`:save`), bounded.
    @exclusivity(unchecked) var replay: [String] = []
    @exclusivity(unchecked) var replayOverflow = false
    static let replayLimit = 100_000
    var loadStack: [String] = []

    /// The line being run, for errors that surface from effects.
    var currentOrigin = LineOrigin()
    /// The log step an action being sent belongs to (bound to its runtime id on the action event).
    @exclusivity(unchecked) private var pendingStep: Int?
    /// When recent actions were sent and what they were, for the trace.
    @exclusivity(unchecked) private var actionStarts = RecentActions()

    /// A session over `registry`, printing to `sink`; `interactive` picks the real clock by default.
    public init(registry: Registry, configuration: ShellConfiguration, sink: OutputSink, interactive: Bool) {
        self.registry = registry
        self.configuration = configuration
        self.clockMode = configuration.clock ?? (interactive ? .real : .virtual)
        self.colorMode = configuration.color
        self.showDiffs = configuration.showDiffs
        self.printer = SessionPrinter(sink: sink, format: configuration.format, colors: false)
        self.log = SessionLog(limit: 1_000)
        self.scheduler = Self.makeScheduler(clockMode)
        printer.colors = resolvedColors()
    }

    isolated deinit {
        // The reactors' handlers refer to the session without retaining it (see `loadScene`).
        for reactor in reactors { reactor.setEventHandler { _ in } }
    }

    private static func makeScheduler(_ mode: ClockMode) -> Scheduler {
        mode == .virtual ? Scheduler.virtual() : Scheduler(clock: RealClock())
    }

    /// The prompt: the focused reactor's name (`counter> `).
    public var prompt: String {
        (reactors.isEmpty ? "reactor-shell" : reactors[focusIndex].name) + "> "
    }

    /// The focused reactor's name, if a scene is loaded.
    public var focusedReactorName: String? { reactors.isEmpty ? nil : reactors[focusIndex].name }

    /// The names of the loaded scene's reactors.
    public var reactorNames: [String] { reactors.map(\.name) }

    /// The command table of reactor `index` of the scene.
    func reactorTable(at index: Int) -> ReactorCommandTable { reactors[index].commandTable }

    /// The state of the reactor named `name` (the focused one when nil).
    func stateValue(ofReactorNamed name: String?) throws -> StateValue? {
        guard let index = name.map({ name in reactors.firstIndex { $0.name == name } }) ?? focusIndexIfLoaded else {
            return nil
        }
        return try reactors[index].stateValue()
    }

    /// The exit status the session has earned so far: 0, or 1 after any failure.
    public var exitStatus: Int32 { hadFailure ? 1 : 0 }

    func resolvedColors() -> Bool {
        guard printer.format == .text else { return false }
        let environment = configuration.environment
        return TerminalInfo.colorEnabled(choice: colorMode, environment: { environment[$0] })
    }

    // MARK: Running lines

    /// Parses and runs one line. `waitAfterAction`: wait for quiescence after an action not
    /// ending in ` &` (batch mode and scripts).
    public func execute(line: String, origin: LineOrigin, waitAfterAction: Bool) async -> CommandOutcome {
        await finish(start(line: line, origin: origin, waitAfterAction: waitAfterAction))
    }

    /// What is left of a line after its synchronous part ran (see ``start(line:origin:waitAfterAction:)``).
    enum LineProgress {
        /// The line is done.
        case done(CommandOutcome)
        /// An action was sent and its effects must be waited for, the wait's limit counted from
        /// `since` on the scheduler's clock.
        case waitForEffects(since: Duration)
        /// A meta command, which may wait (`:wait`, `:load`, `:advance`, …).
        case meta(MetaInvocation)
    }

    /// Runs the synchronous part of a line: parsing, and for an action everything up to the wait
    /// for its effects. A batch run of actions whose effects are synchronous never suspends.
    /// Always inlined: returned from a call, the `LineProgress` is copied out through memory
    /// (about 130 instructions a batch line; see docs/performance.md).
    @inline(__always)
    func start(line: String, origin: LineOrigin, waitAfterAction: Bool) -> LineProgress {
        currentOrigin = origin
        let parsed: ParsedLine
        do {
            parsed = try ScriptParser.parse(line, origin: origin)
        } catch {
            return .done(fail(error))
        }
        // Consumed: the invocation is moved out, not copied (and the line destroyed twice).
        switch consume parsed {
        case .empty:
            return .done(.succeeded)
        case .action(var invocation):
            let outcome = sendAction(invocation)
            let isBackground = invocation.isBackground
            // Its arguments destroyed here with code specialized for their type (the array's own
            // deinit destroys them through the runtime's generic value witnesses).
            emptyKeepingCapacity(&invocation.arguments)
            _ = consume invocation
            guard outcome == .succeeded, waitAfterAction, !isBackground, !scheduler.isQuiescent else {
                return .done(outcome)
            }
            // Effects that only wait on the virtual clock end here, without an `await`.
            let since = scheduler.clock.now
            if scheduler.fireParkedTimers(limit: waitLimit, countingFrom: since) { return .done(.succeeded) }
            return .waitForEffects(since: since)
        case .meta(let meta):
            return .meta(meta)
        }
    }

    /// Runs what ``start(line:origin:waitAfterAction:)`` left of a line.
    func finish(_ progress: LineProgress) async -> CommandOutcome {
        switch progress {
        case .done(let outcome): return outcome
        case .waitForEffects(let since): return await waitForQuiescence(limit: waitLimit, countingFrom: since)
        case .meta(let meta): return await runMeta(meta)
        }
    }

    /// Reports `diagnostic` and marks the session failed.
    func fail(_ diagnostic: Diagnostic) -> CommandOutcome {
        hadFailure = true
        printer.error(diagnostic)
        return .failed
    }

    /// Reports `message` at the current line and column and marks the session failed.
    func fail(_ message: String, column: Int = 1) -> CommandOutcome {
        fail(Diagnostic(currentOrigin, column: column, message))
    }

    /// Resolves, reports, logs and sends an action (its effects may still be running).
    private func sendAction(_ invocation: ActionInvocation) -> CommandOutcome {
        guard !reactors.isEmpty else {
            return fail("no reactor loaded; load one with :use NAME (see :reactors)", column: invocation.name.column)
        }
        let index: Int, commandIndex: Int
        do {
            (index, commandIndex) = try ActionResolver.resolveIndices(
                invocation, focused: reactors[focusIndex].name, reactors: commandTables)
        } catch {
            return fail(error)
        }
        let handle = reactors[index]
        let commandName = commandTables[index].signatures[commandIndex].name
        do {
            // The action is reported, logged and recorded once its arguments are bound, then sent.
            _ = try handle.send(invocation, commandIndex: commandIndex) { arguments in
                let line = ScriptFormatter.actionLine(
                    reactor: index == focusIndex ? nil : handle.name, command: commandName, arguments: arguments)
                if printer.format == .json {  // text output shows the typed line instead
                    printer.action(reactor: handle.name, name: commandName, arguments: arguments, origin: currentOrigin)
                }
                let step = log.append(command: line)
                timelines[index].willSend(step: step, current: handle.snapshot())
                recordReplay(invocation.isBackground ? line + " &" : line)
                pendingStep = step
            }
        } catch {
            return fail(error)
        }
        pendingStep = nil
        return .succeeded
    }

    /// Waits until no effect of the scene has work in progress or scheduled (the limit on virtual
    /// time counted from `since`, by default now).
    func waitForQuiescence(limit: Duration, countingFrom since: Duration? = nil) async -> CommandOutcome {
        do {
            try await scheduler.waitUntilQuiescent(limit: limit, countingFrom: since ?? scheduler.clock.now)
            return .succeeded
        } catch is CancellationError {
            return fail("interrupted while waiting for effects")
        } catch {
            for reactor in reactors { reactor.cancelAllEffects() }
            return fail("\(error); the effects in flight were cancelled")
        }
    }

    func recordReplay(_ line: String) {
        if replay.count < Self.replayLimit {
            replay.append(line)
        } else {
            replayOverflow = true
        }
    }

    // MARK: Scene

    /// Loads registry entry `name` as the scene, replacing the current one.
    func loadScene(named name: String, column: Int) -> CommandOutcome {
        guard let entry = registry.entry(named: name) else {
            return fail(
                "unknown reactor '\(name)'\(Suggestions.didYouMean(name, among: registry.names)) (see :reactors)",
                column: column)
        }
        for reactor in reactors {
            reactor.cancelAllEffects()
            reactor.setEventHandler { _ in }  // see the handlers installed below
        }
        scheduler = Self.makeScheduler(clockMode)
        let scene = entry.makeScene(SceneContext(scheduler: scheduler, configuration: configuration))
        entryName = entry.name
        reactors = scene.reactors
        commandTables = reactors.map(\.commandTable)
        focusIndex = 0
        timelines = reactors.map { _ in Timeline(limit: 1_000) }
        lastStates = reactors.map { try? $0.stateValue() }
        actionStarts.removeAll()
        for (index, reactor) in reactors.enumerated() {
            // Not `weak`: a weak reference gives the session a side table, and then every retain
            // and release of the session (several a line) takes the runtime's slow path, besides
            // the weak load per event. The reference is valid whenever the handler runs: a reactor
            // keeps this handler only while it is in the scene — the next `loadScene` and the
            // session's deinit replace it before the session can go away.
            reactor.setEventHandler { [unowned(unsafe) self] event in
                self.handle(event, from: index)
            }
        }
        if replay.last?.hasPrefix(":use ") == true { replay.removeLast() }  // nothing happened in that scene
        recordReplay(":use \(entry.name)")
        return .succeeded
    }

    /// The index of the reactor named `name`, or a failure naming the choices.
    func reactorIndex(named name: LocatedText) -> Int? {
        reactors.firstIndex { $0.name == name.text }
    }

    func unknownReactor(_ name: LocatedText) -> CommandOutcome {
        if reactors.isEmpty { return fail("no reactor loaded; load one with :use NAME", column: name.column) }
        return fail(
            "no reactor '\(name.text)' in this scene\(Suggestions.didYouMean(name.text, among: reactorNames)); reactors: \(reactorNames.joined(separator: ", "))",
            column: name.column)
    }

    func setFocus(_ index: Int) {
        focusIndex = index
    }

    // MARK: Runtime events

    private func handle(_ event: ShellReactorEvent, from index: Int) {
        switch event {
        case .action(let actionID, let label):
            if let step = pendingStep {
                log.bind(step: step, actionID: actionID)
                pendingStep = nil
            }
            actionStarts.record(actionID, time: scheduler.clock.now, label: label)
        case .reduction(let actionID, let mutation):
            if let actionID { log.record(mutation: mutation, actionID: actionID) }
            var elapsed: Duration?
            if trace, let actionID, let start = actionStarts[actionID] {
                elapsed = scheduler.clock.now - start.time
            }
            reportChange(of: index, label: mutation, elapsed: elapsed)
        case .effect(let effect):
            if case .failed(let error) = effect.phase {
                let action = effect.actionID.flatMap { actionStarts[$0]?.label }
                _ = fail("effect of \(reactors[index].name)\(action.map { ".\($0)" } ?? "") failed: \(error)")
            }
            if trace {
                let action = effect.actionID.flatMap { actionStarts[$0]?.label }
                let elapsed = effect.actionID.flatMap { actionStarts[$0] }.map { scheduler.clock.now - $0.time }
                printer.effect(
                    reactor: reactors[index].name, showReactor: reactors.count > 1, action: action,
                    event: effect, elapsed: elapsed)
            }
        }
    }

    /// Prints what changed in reactor `index` since the last report, under `label`.
    func reportChange(of index: Int, label: String, elapsed: Duration? = nil) {
        guard showDiffs else {
            lastStates[index] = nil
            return
        }
        let new: StateValue
        do {
            new = try reactors[index].stateValue()
        } catch {
            _ = fail("cannot describe the state of \(reactors[index].name): \(error)")
            return
        }
        var previous: StateValue?
        swap(&previous, &lastStates[index])
        lastStates[index] = new
        let showReactor = reactors.count > 1
        // Text output names the reactor only in scenes of several.
        let name = showReactor || printer.format != .text ? reactors[index].name : ""
        guard let old = consume previous else {
            printer.mutation(reactor: name, showReactor: showReactor, label: label, changes: [], elapsed: elapsed)
            return
        }
        // Usually the text printer compares and renders in one go, without a change list; otherwise
        // the change list kept between reports is reused. Either way the old state's fields array
        // (no longer referenced anywhere else) goes back to the encoder for the next state.
        if !printer.mutation(reactor: name, showReactor: showReactor, label: label, from: old, to: new, elapsed: elapsed) {
            var changes: [StateChange] = []
            swap(&changes, &changeScratch)
            diff(old, new, appendingTo: &changes)
            printer.mutation(reactor: name, showReactor: showReactor, label: label, changes: changes, elapsed: elapsed)
            emptyKeepingCapacity(&changes)
            swap(&changes, &changeScratch)
        }
        StateValue.recycle(consume old)
    }

    /// Makes the diff baselines current (after diffs were off).
    func refreshBaselines() {
        lastStates = reactors.map { try? $0.stateValue() }
    }
}

/// When the latest actions were sent and their labels, for the trace and effect errors: a ring of
/// the last 1,024 action ids (ids increase, so a slot holds the newest id that maps to it).
struct RecentActions {
    private static let capacity = 1_024
    private var ids = [Int](repeating: -1, count: capacity)
    private var entries = [(time: Duration, label: String)](repeating: (.zero, ""), count: capacity)

    /// Remembers action `id`, sent at `time`, labelled `label`.
    mutating func record(_ id: Int, time: Duration, label: String) {
        let slot = id & (Self.capacity - 1)
        ids[slot] = id
        entries[slot] = (time, label)
    }

    /// The time and label of action `id`, if it is among the latest.
    subscript(id: Int) -> (time: Duration, label: String)? {
        let slot = id & (Self.capacity - 1)
        return ids[slot] == id ? entries[slot] : nil
    }

    /// Forgets every action.
    mutating func removeAll() {
        self = RecentActions()
    }
}
