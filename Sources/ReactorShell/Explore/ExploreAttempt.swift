import StateDiff

/// One attempt of an exploration: a fresh session of the explored entry, on the virtual clock,
/// whose steps run as lines through the shell's own runner (the same parser, binding and send as
/// a script), each followed by the invariant checks.
@MainActor
final class ExploreAttempt {
    /// The outcome of one step.
    enum StepResult {
        /// Every check held (a failed line too, when errors are allowed: `failedLine` says so).
        case held(failedLine: Bool)
        /// The step broke something.
        case failed(ExploreFailure)
    }

    let session: ShellSession
    private let invariants: [CheckedInvariant]
    private let allowsErrors: Bool
    private let acceptedErrors: [String]
    /// Whether an invariant compares the states before and after a step.
    private let keepsStepStart: Bool
    private var lastError: Diagnostic?

    /// A session of `setup`'s entry in its initial state.
    init(_ setup: ExploreSetup) {
        session = ShellSession(registry: setup.registry, configuration: setup.configuration, sink: setup.sink, interactive: false)
        invariants = setup.invariants
        allowsErrors = setup.allowsErrors
        acceptedErrors = setup.entry.exploration.acceptedErrors
        keepsStepStart = setup.invariants.contains { $0.comparesStates }
        _ = session.loadInitialScene()
        session.failureObserver = { [unowned self] diagnostic in lastError = diagnostic }
    }

    var probe: ExploreProbe { ExploreProbe(session: session) }

    /// Runs `step` as line `number` and checks the invariants on what it left.
    func run(_ step: ExploreStep, number: Int) async -> StepResult {
        await run(line: step.line, number: number)
    }

    /// Runs `line` as line `number` of the sequence and checks the invariants on what it left.
    func run(line: String, number: Int) async -> StepResult {
        lastError = nil
        let start = keepsStepStart ? stepStart(line) : nil
        let outcome = await session.execute(
            line: line, origin: LineOrigin(source: "<explore>", line: number), waitAfterAction: true)
        var failedLine = false
        // A failed effect is reported while the line runs, its line's outcome unchanged.
        if outcome != .succeeded || lastError != nil {
            let message = lastError?.message ?? "the line failed"
            guard allowsErrors || acceptedErrors.contains(where: { message.contains($0) }) else { return .failed(.error(message: message)) }
            failedLine = true
        }
        for invariant in invariants {
            if let failure = invariant.check(session, stepStart: start) { return .failed(failure) }
        }
        return .held(failedLine: failedLine)
    }

    private func stepStart(_ line: String) -> ExploreProbe.StepStart {
        let states = session.scene.reactors.map { (try? $0.state.value()) ?? .null }
        return ExploreProbe.StepStart(line: line, states: states, wasQuiescent: session.scene.scheduler.isQuiescent)
    }
}

/// An invariant ready to check: an expectation parsed once, or a Swift check.
@MainActor
struct CheckedInvariant {
    let name: String
    private let expectation: (text: String, parsed: Expectation, whenQuiescent: Bool)?
    private let swiftCheck: (@MainActor @Sendable (ExploreProbe) -> ExploreViolation?)?
    /// Whether the check reads the states before the step.
    let comparesStates: Bool

    /// Prepares `invariant`; throws a diagnostic for an expectation that does not parse.
    init(_ invariant: ExploreInvariant) throws(Diagnostic) {
        name = invariant.name
        switch invariant.rule {
        case .expectation(let text, let whenQuiescent):
            let origin = LineOrigin(source: "invariant '\(text)'", line: 1)
            guard case .meta(let meta) = try ScriptParser.parse(":expect " + text, origin: origin),
                  case .expect(let parsed) = meta.command
            else { throw Diagnostic(origin, column: 1, "expected PATH OP VALUE, as after :expect") }
            expectation = (text, parsed, whenQuiescent)
            swiftCheck = nil
            comparesStates = false
        case .check(let check, let compares):
            expectation = nil
            swiftCheck = check
            comparesStates = compares
        }
    }

    /// The failure the invariant finds in `session` after a step that started at `stepStart`,
    /// or nil while it holds.
    func check(_ session: ShellSession, stepStart: ExploreProbe.StepStart?) -> ExploreFailure? {
        if let swiftCheck {
            return swiftCheck(ExploreProbe(session: session, stepStart: stepStart)).map {
                .invariant(name: name, expectation: $0.expectation, detail: $0.detail)
            }
        }
        guard let (text, parsed, whenQuiescent) = expectation else { return nil }
        if whenQuiescent && !session.scene.scheduler.isQuiescent { return nil }
        let (ok, actual, problem) = session.runner.evaluate(parsed)
        if ok { return nil }
        return .invariant(name: name, expectation: text, detail: problem ?? "actual: \(actual?.literal(maxLength: 80) ?? "nil")")
    }
}
