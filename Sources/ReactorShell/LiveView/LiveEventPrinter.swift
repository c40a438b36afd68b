import ReactorCore
import StateDiff

/// The printer a session uses while its events are also wanted as `--format json` objects (the
/// live view's stream, the recording for `--html`): each call goes to the session's own printer,
/// then to each JSON printer of the ``LiveEventFeed``, which counts the events written.
@MainActor
final class LiveEventPrinter: SessionPrinter {
    let primary: any SessionPrinter
    let feed: LiveEventFeed

    init(primary: any SessionPrinter, feed: LiveEventFeed) {
        self.primary = primary
        self.feed = feed
    }

    var sink: OutputSink { primary.sink }

    func action(of reactor: any ShellReactor, name: String, arguments: CommandArguments, origin: LineOrigin) {
        primary.action(of: reactor, name: name, arguments: arguments, origin: origin)
        feed.each { $0.action(of: reactor, name: name, arguments: arguments, origin: origin) }
    }

    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange]
    ) {
        primary.mutation(
            of: reactor, sceneHasSeveral: sceneHasSeveral, label: label, elapsed: elapsed, cause: cause, changes: changes)
        feed.each {
            $0.mutation(
                of: reactor, sceneHasSeveral: sceneHasSeveral, label: label, elapsed: elapsed, cause: cause,
                changes: changes)
        }
    }

    /// Always false: the JSON printers need the change list.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue
    ) -> Bool {
        false
    }

    func noMutation(of reactor: any ShellReactor, sceneHasSeveral: Bool, action: String, step: Int) {
        primary.noMutation(of: reactor, sceneHasSeveral: sceneHasSeveral, action: action, step: step)
        feed.each { $0.noMutation(of: reactor, sceneHasSeveral: sceneHasSeveral, action: action, step: step) }
    }

    func expectation(_ result: ExpectationResult) {
        primary.expectation(result)
        feed.each { $0.expectation(result) }
    }

    func error(_ diagnostic: Diagnostic) {
        primary.error(diagnostic)
        feed.each { $0.error(diagnostic) }
    }

    func state(reactor: String, path: String?, value: StateValue) {
        primary.state(reactor: reactor, path: path, value: value)
        feed.each { $0.state(reactor: reactor, path: path, value: value) }
    }

    func sceneState(_ states: [(reactor: String, value: StateValue)]) {
        primary.sceneState(states)
        feed.each { $0.sceneState(states) }
    }

    func effect(_ report: EffectReport) {
        primary.effect(report)
        feed.each { $0.effect(report) }
    }

    func text(_ text: String) {
        primary.text(text)
        feed.each { $0.text(text) }
    }

    func breakFired(_ line: String) {
        primary.breakFired(line)
        feed.each { $0.breakFired(line) }
    }

    func echo(prompt: String, line: String, origin: LineOrigin) {
        primary.echo(prompt: prompt, line: line, origin: origin)
        // The feed gets every line as an `input` event anyway (``LiveEventFeed/lineStarted``).
    }

    func summary(passed: Int, failed: Int, errors: Int) {
        primary.summary(passed: passed, failed: failed, errors: errors)
        feed.each { $0.summary(passed: passed, failed: failed, errors: errors) }
    }
}
