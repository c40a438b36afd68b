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
    private var reactorName = JSONStringLiteral("")
    private var source = JSONStringLiteral("")

    init(sink: OutputSink) {
        self.sink = sink
    }

    private func jsonName(of reactor: any ShellReactor) -> [UInt8] {
        if reactor !== lastReactor {
            lastReactor = reactor
            reactorName = JSONStringLiteral(reactor.name)
        }
        return reactorName.json
    }

    private func jsonText(ofSource path: String) -> [UInt8] {
        if path != source.text { source = JSONStringLiteral(path) }
        return source.json
    }

    // The two events of every action line are written field by field (see `JSONObjectWriter`); the
    // rarer ones are built as values and rendered by `emit`. Both give the same text.

    func action(of reactor: any ShellReactor, name: String, arguments: CommandArguments, origin: LineOrigin) {
        action(reactorName: jsonName(of: reactor), name: name, arguments: arguments, origin: origin, step: nil)
    }

    /// An `action` event of the reactor whose name's JSON text is `reactorName` (a
    /// ``JSONStringLiteral``'s); with `step`, the action's log step (the live view's events carry it).
    func action(reactorName: [UInt8], name: String, arguments: CommandArguments, origin: LineOrigin, step: Int?) {
        let source = jsonText(ofSource: origin.source)
        JSONObjectWriter.withObject { event in
            event.field(.actionEventReactor, json: reactorName)
            event.field(.action, name)
            event.field(.args, object: arguments.fields)
            event.field(.source, json: source)
            event.field(.line, origin.line)
            if let step { event.field(.step, step) }
        } emit: { bytes in
            sink.writeResult(utf8: bytes)
        }
    }

    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange]
    ) {
        mutation(reactorName: jsonName(of: reactor), label: label, cause: cause, changes: changes)
    }

    /// A `mutation` event of the reactor whose name's JSON text is `reactorName`.
    func mutation(reactorName: [UInt8], label: String, cause: MutationCause?, changes: [StateChange]) {
        JSONObjectWriter.withObject { event in
            event.field(.mutationEventReactor, json: reactorName)
            let labelText = event.field(.mutation, label)
            event.field(.patch, patchOf: changes)
            if let cause {
                event.object(.cause) { fields in
                    if let step = cause.step {
                        fields.field(cause.origin.keyOfStep, step)
                    } else {
                        fields.field(.origin, constant: cause.origin.literal)
                    }
                    if let action = cause.actionLabel {
                        // Mostly the action's label is the mutation's (`awayScore`): its text is
                        // copied, not scanned for escapes again.
                        if cause.actionReactor == nil && action == label {
                            fields.field(.action, repeating: labelText)
                        } else {
                            fields.field(.action, cause.actionReactor, dot: action)
                        }
                    }
                    if let effect = cause.effectID { fields.field(.effect, effect) }
                }
            }
        } emit: { bytes in
            sink.writeResult(utf8: bytes)
        }
    }

    /// Always false: a JSON patch is built from the change list.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue
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
        var fields = [
            StateField("event", .string("expect")), StateField("source", .string(result.origin.source)),
            StateField("line", .int(result.origin.line)),
            StateField("ok", .bool(result.ok)), StateField("path", .string(result.path)),
            StateField("op", .string(result.comparison)), StateField("expected", result.expected),
            StateField("actual", result.actual ?? .null),
        ]
        if let problem = result.problem { fields.append(StateField("message", .string(problem))) }
        emit(fields)
    }

    func error(_ diagnostic: Diagnostic) {
        emit([
            StateField("event", .string("error")), StateField("source", .string(diagnostic.source)),
            StateField("line", .int(diagnostic.line)), StateField("column", .int(diagnostic.column)),
            StateField("message", .string(diagnostic.message)),
        ])
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
        let (phase, failure) = report.phase
        var fields = [
            StateField("event", .string("effect")), StateField("reactor", .string(report.reactor)),
            // A part cancelled before it started is a cancellation like any other here.
            StateField("effect", .int(report.effectNumber)),
            StateField("phase", .string(report.step.isCancellation ? "cancelled" : phase)),
            StateField("time_ms", .double(DurationText.millisecondValue(report.time))),
        ]
        if let action = report.action { fields.append(StateField("action", .string(action))) }
        if let failure { fields.append(StateField("message", .string(failure))) }
        if let by = report.cancelledBy {
            fields.append(StateField("status", .string("cancelled")))
            fields.append(StateField("by", .string(by)))
        }
        emit(fields)
    }

    func text(_ text: String) {
        emit([StateField("event", .string("output")), StateField("text", .string(text))])
    }

    /// An `output` event, as any text.
    func breakFired(_ line: String) {
        text(line)
    }

    func echo(prompt: String, line: String, origin: LineOrigin) {
        emit([
            StateField("event", .string("input")), StateField("source", .string(origin.source)),
            StateField("line", .int(origin.line)),
            StateField("text", .string(line)),
        ])
    }

    /// A `scene` event (the live view's): registry entry `entry` loaded, `focus` focused, each
    /// reactor's whole state (`{"event":"scene","entry":"board","focus":"board","reactors":{…}}`).
    func scene(entry: String?, focus: String?, reactors: [StateField]) {
        emit([
            StateField("event", .string("scene")),
            StateField("entry", entry.map { .string($0) } ?? .null),
            StateField("focus", focus.map { .string($0) } ?? .null),
            StateField("reactors", .object(reactors)),
        ])
    }

    func summary(passed: Int, failed: Int, errors: Int) {
        emit([
            StateField("event", .string("summary")), StateField("passed", .int(passed)),
            StateField("failed", .int(failed)), StateField("errors", .int(errors)),
        ])
    }

    private func emit(_ fields: [StateField]) {
        sink.writeResult(StateValue.object(fields).jsonText)
    }
}

/// The keys of the events written field by field, each written once.
extension JSONKey {
    /// An event's constant first field and the key of the reactor field after it, one copy for both.
    fileprivate static let actionEventReactor = JSONKey(#","event":"action","reactor":"#)
    fileprivate static let mutationEventReactor = JSONKey(#","event":"mutation","reactor":"#)
    fileprivate static let action = JSONKey(#","action":"#)
    fileprivate static let args = JSONKey(#","args":"#)
    fileprivate static let source = JSONKey(#","source":"#)
    fileprivate static let line = JSONKey(#","line":"#)
    fileprivate static let step = JSONKey(#","step":"#)
    fileprivate static let mutation = JSONKey(#","mutation":"#)
    fileprivate static let patch = JSONKey(#","patch":"#)
    fileprivate static let cause = JSONKey(#","cause":"#)
    fileprivate static let origin = JSONKey(#","origin":"#)
    fileprivate static let effect = JSONKey(#","effect":"#)
    /// A cause's `origin` field and the key of its `step` after it, one copy for both.
    fileprivate static let actionOriginStep = JSONKey(#","origin":"action","step":"#)
    fileprivate static let effectOriginStep = JSONKey(#","origin":"effect","step":"#)
    fileprivate static let eventOriginStep = JSONKey(#","origin":"event","step":"#)
}

extension MutationCause.Origin {
    /// The cause's `origin` field and the key of its `step` after it (`,"origin":"action","step":`).
    fileprivate var keyOfStep: JSONKey {
        switch self {
        case .action: .actionOriginStep
        case .effect: .effectOriginStep
        case .event: .eventOriginStep
        }
    }
}
