import ReactorCore
import StateDiff

/// Turns what happens in a session into output, in one format: ``TextPrinter`` writes the text
/// blocks of SPEC §4, ``JSONLinesPrinter`` one JSON event per line. The session never asks which
/// format it prints; it tells the printer what happened.
@MainActor
protocol SessionPrinter: AnyObject {
    /// Where the output goes.
    var sink: OutputSink { get }
    /// Action `name` of `reactor` about to be sent, with its bound arguments.
    func action(of reactor: any ShellReactor, name: String, arguments: CommandArguments, origin: LineOrigin)
    /// A reduction of `reactor` labelled `label` (or a reset / time-travel step, labelled
    /// accordingly, with no cause) and what it changed; `elapsed` is the time since its action
    /// was sent (trace), `cause` where the mutation came from. Text names the reactor only when
    /// the scene has several, and the cause only when ``MutationCause/isShown``.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange])
    /// ``mutation(of:sceneHasSeveral:label:elapsed:cause:changes:)`` for the changes from `old` to
    /// `new`, printed without a change list when the printer can compare and render in one pass.
    /// Returns false, having printed nothing, when the caller must diff and print the change list.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue) -> Bool
    /// ``mutation(of:sceneHasSeveral:label:elapsed:cause:from:to:)`` whose one pass also appends
    /// the changes (those of `diff(_:_:appendingTo:)`) to `changes`, for a caller who needs both;
    /// false, having printed and listed nothing, as that one.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue, listingInto changes: inout [StateChange]
    ) -> Bool
    /// Typed action `action` of `reactor`, log step `step`, caused no mutation at all.
    func noMutation(of reactor: any ShellReactor, sceneHasSeveral: Bool, action: String, step: Int)
    /// The result of an `:expect` line.
    func expectation(_ result: ExpectationResult)
    /// An error, with where it happened.
    func error(_ diagnostic: Diagnostic)
    /// A whole state, or the value at a path of it (`:state`).
    func state(reactor: String, path: String?, value: StateValue)
    /// Every reactor's whole state (`:state *`), in the scene's order.
    func sceneState(_ states: [(reactor: String, value: StateValue)])
    /// An effect's life event: every one while tracing (``EffectReport/traced``), and always a
    /// cancellation by another action (``EffectReport/cancelledBy``).
    func effect(_ report: EffectReport)
    /// Informational text (help, listings, history).
    func text(_ text: String)
    /// `  ● break: PATH OP VALUE (actual: V)`: a break's condition became true.
    func breakFired(_ line: String)
    /// The typed line, shown before its output (`run --echo`).
    func echo(prompt: String, line: String, origin: LineOrigin)
    /// The closing count of expectations that held and failed, and of errors.
    func summary(passed: Int, failed: Int, errors: Int)
}

/// The outcome of one `:expect` line.
struct ExpectationResult {
    let origin: LineOrigin
    let column: Int
    let path: String
    let comparison: String
    let expected: StateValue
    let actual: StateValue?
    let ok: Bool
    /// Why the comparison could not be made (a bad path, a type mismatch).
    let problem: String?

    /// `PATH OP VALUE`, the expected value shortened to `maxLength` characters.
    func claim(maxLength: Int) -> String {
        "\(path) \(comparison) \(expected.literal(maxLength: maxLength))"
    }

    /// What went wrong, for a failed expectation: `actual: V` or the problem.
    var shortfall: String? {
        if let problem { return problem }
        return actual.map { "actual: \($0.literal(maxLength: 200))" }
    }

    /// The located error a failed expectation is reported as.
    var failureDiagnostic: Diagnostic {
        var message = "expectation failed: \(claim(maxLength: 200))"
        if let shortfall { message += "; \(shortfall)" }
        return Diagnostic(origin, column: column, message)
    }
}

/// An effect life event to print, with the names the shell gives it.
struct EffectReport {
    let reactor: String
    let sceneHasSeveral: Bool
    /// The label of the action whose effect it is, when still known.
    let action: String?
    /// What happened to the effect.
    let step: EffectStep
    /// The scene clock's time when it happened.
    let time: Duration
    /// For a failure, the error.
    let failure: String?
    /// The effect's number in the session (the runtime's numbers start afresh with each scene).
    let effectNumber: Int
    /// The time since that action was sent.
    let elapsed: Duration?
    /// For an effect cancelled by another action's effect: that action, as the output names it
    /// (`updateQuery("swift")`, `search.updateQuery("swift")` in scenes of several).
    var cancelledBy: String? = nil
    /// Whether tracing is on (`:set trace on`): every life event is shown, with its times.
    var traced = false

    /// The action whose effect it is, as the output names it (`REACTOR.` in scenes of several).
    var actionName: String? {
        action.map { sceneHasSeveral ? "\(reactor).\($0)" : $0 }
    }

    /// The phase's name and, for a failure, its message.
    var phase: (name: String, failure: String?) {
        (step.phase.rawValue, step.phase == .failed ? failure : nil)
    }
}

/// Durations as the printers show them.
enum DurationText {
    /// The duration in milliseconds, fractional.
    static func millisecondValue(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// `500ms`, `1500ms`, `0.25ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let value = millisecondValue(duration)
        if value == value.rounded() { return "\(Int(value))ms" }
        return "\((value * 100).rounded() / 100)ms"
    }
}
