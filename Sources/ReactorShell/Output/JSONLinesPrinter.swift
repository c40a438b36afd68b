import StateDiff

/// The JSON Lines output of SPEC §4: one event object per line on stdout, errors included, with
/// the fields in the order the spec lists them.
@MainActor
final class JSONLinesPrinter: SessionPrinter {
    let sink: OutputSink

    /// The last reactor and script path written, with their names' JSON text: every action line
    /// writes them, nearly always the same ones, so they are not scanned for escapes each time.
    /// The reactor is held (not just its address) so that a new reactor cannot take its place
    /// unnoticed.
    private var lastReactor: (any ShellReactor)?
    private var reactorName = JSONReactorName("")
    private var source = JSONStringLiteral("")

    init(sink: OutputSink) {
        self.sink = sink
    }

    private func jsonName(of reactor: any ShellReactor) -> JSONReactorName {
        if reactor !== lastReactor {
            lastReactor = reactor
            reactorName = JSONReactorName(reactor.name)
        }
        return reactorName
    }

    private func jsonText(ofSource path: String) -> [UInt8] {
        if path != source.text { source = JSONStringLiteral(path) }
        return source.json
    }

    // Each event's text is made by the nonisolated part (JSONLinesPrinter+Events.swift), which
    // the live feed's writer uses too.

    func action(of reactor: any ShellReactor, name: String, arguments: CommandArguments, origin: LineOrigin) {
        action(reactorName: jsonName(of: reactor), name: name, arguments: arguments, origin: origin, step: nil)
    }

    /// An `action` event of the reactor `reactorName`; with `step`, the action's log step (the
    /// live view's events carry it).
    func action(reactorName: JSONReactorName, name: String, arguments: CommandArguments, origin: LineOrigin, step: Int?) {
        let source = jsonText(ofSource: origin.source)
        JSONObjectWriter.withObject({
            Self.writeAction(
                reactorName: reactorName, name: name, arguments: arguments, source: source, line: origin.line, step: step,
                to: &$0)
        }, emit: { sink.writeResult(utf8: $0) })
    }

    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange]
    ) {
        mutation(reactorName: jsonName(of: reactor), label: label, cause: cause, changes: changes)
    }

    /// A `mutation` event of the reactor `reactorName`.
    func mutation(reactorName: JSONReactorName, label: String, cause: MutationCause?, changes: [StateChange]) {
        JSONObjectWriter.withObject({
            Self.writeMutation(reactorName: reactorName, label: label, cause: cause, changes: changes, to: &$0)
        }, emit: { sink.writeResult(utf8: $0) })
    }

    /// Always false: a JSON patch is built from the change list.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue
    ) -> Bool {
        false
    }

    /// Always false, as the one above.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue, listingInto changes: inout [StateChange]
    ) -> Bool {
        false
    }

    /// `{"event":"no_mutation","reactor":"write","action":"submit","step":4}`.
    func noMutation(of reactor: any ShellReactor, sceneHasSeveral: Bool, action: String, step: Int) {
        emit([
            StateField("event", .string("no_mutation")), StateField("reactor", .string(reactor.name)),
            StateField("action", .string(action)), StateField("step", .int(step)),
        ])
    }

    func expectation(_ result: ExpectationResult) {
        sink.writeResult(Self.expectationEvent(result))
    }

    func error(_ diagnostic: Diagnostic) {
        sink.writeResult(Self.errorEvent(diagnostic))
    }

    /// An `error` event about a whole file (one that cannot be opened): no line or column.
    func fileError(source: String, message: String) {
        emit([
            StateField("event", .string("error")), StateField("source", .string(source)),
            StateField("message", .string(message)),
        ])
    }

    func state(reactor: String, path: String?, value: StateValue) {
        var fields = [StateField("event", .string("state")), StateField("reactor", .string(reactor))]
        if let path, !path.isEmpty { fields.append(StateField("path", .string(path))) }
        fields.append(StateField("state", value))
        emit(fields)
    }

    /// One `state` event per reactor.
    func sceneState(_ states: [(reactor: String, value: StateValue)]) {
        for (reactor, value) in states { state(reactor: reactor, path: nil, value: value) }
    }

    func effect(_ report: EffectReport) {
        sink.writeResult(Self.effectEvent(report))
    }

    func text(_ text: String) {
        emit([StateField("event", .string("output")), StateField("text", .string(text))])
    }

    /// An `output` event, as any text.
    func breakFired(_ line: String) {
        text(line)
    }

    func echo(prompt: String, line: String, origin: LineOrigin) {
        sink.writeResult(Self.inputEvent(line: line, origin: origin))
    }

    /// A `scene` event (the live view's): registry entry `entry` loaded, `focus` focused, each
    /// reactor's whole state (`{"event":"scene","entry":"board","focus":"board","reactors":{…}}`).
    func scene(entry: String?, focus: String?, reactors: [StateField]) {
        sink.writeResult(Self.sceneEvent(entry: entry, focus: focus, reactors: reactors))
    }

    func summary(passed: Int, failed: Int, errors: Int) {
        sink.writeResult(Self.summaryEvent(passed: passed, failed: failed, errors: errors))
    }

    private func emit(_ fields: [StateField]) {
        sink.writeResult(StateValue.object(fields).jsonText)
    }
}
