import StateDiff

/// The text of the JSON printer's events, nonisolated: the printer writes them into its sink on
/// the main actor, and the live feed's writer (``LiveFeedWriter``) makes the same text on a
/// thread of its own. The two events of every action line are written field by field (see
/// `JSONObjectWriter`); the rarer ones are built as values and rendered. Both give the same text.
extension JSONLinesPrinter {
    /// Writes the fields of an `action` event of the reactor `reactorName`, sent from line `line`
    /// of the file whose name's JSON text is `source`; with `step`, the action's log step (the
    /// live view's events carry it).
    nonisolated static func writeAction(
        reactorName: JSONReactorName, name: String, arguments: CommandArguments, source: [UInt8], line: Int,
        step: Int?, to event: inout JSONObjectWriter
    ) {
        event.field(keyText: reactorName.actionEventHead, name)
        event.field(.args, object: arguments.fields)
        event.field(.source, json: source)
        event.field(.line, line)
        if let step { event.field(.step, step) }
    }

    /// Writes the fields of a `mutation` event of the reactor `reactorName`.
    nonisolated static func writeMutation(
        reactorName: JSONReactorName, label: String, cause: MutationCause?, changes: [StateChange],
        to event: inout JSONObjectWriter
    ) {
        let labelText = event.field(keyText: reactorName.mutationEventHead, label)
        event.field(.patch, patchOf: changes)
        guard let cause else { return }
        // The cause object is opened by the key of its first field (`,"cause":{"origin":`), with
        // the constant origin and the key of the step when there is one, in one copy.
        if let step = cause.step {
            event.field(cause.origin.causeKeyOfStep, step)
        } else {
            event.field(.causeOrigin, constant: cause.origin.literal)
        }
        if let action = cause.actionLabel {
            // Mostly the action's label is the mutation's (`awayScore`): its text is copied, not
            // scanned for escapes again.
            if cause.actionReactor == nil && action == label {
                event.field(.action, repeating: labelText)
            } else {
                event.field(.action, cause.actionReactor, dot: action)
            }
        }
        if let effect = cause.effectID { event.field(.effect, effect) }
        event.endObject()
    }

    /// An `expect` event.
    nonisolated static func expectationEvent(_ result: ExpectationResult) -> String {
        var fields = [
            StateField("event", .string("expect")), StateField("source", .string(result.origin.source)),
            StateField("line", .int(result.origin.line)),
            StateField("ok", .bool(result.ok)), StateField("path", .string(result.path)),
            StateField("op", .string(result.comparison)), StateField("expected", result.expected),
            StateField("actual", result.actual ?? .null),
        ]
        if let problem = result.problem { fields.append(StateField("message", .string(problem))) }
        return StateValue.object(fields).jsonText
    }

    /// An `error` event.
    nonisolated static func errorEvent(_ diagnostic: Diagnostic) -> String {
        StateValue.object([
            StateField("event", .string("error")), StateField("source", .string(diagnostic.source)),
            StateField("line", .int(diagnostic.line)), StateField("column", .int(diagnostic.column)),
            StateField("message", .string(diagnostic.message)),
        ]).jsonText
    }

    /// An `effect` event.
    nonisolated static func effectEvent(_ report: EffectReport) -> String {
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
        return StateValue.object(fields).jsonText
    }

    /// An `input` event: `line`, read from `origin`.
    nonisolated static func inputEvent(line: String, origin: LineOrigin) -> String {
        StateValue.object([
            StateField("event", .string("input")), StateField("source", .string(origin.source)),
            StateField("line", .int(origin.line)),
            StateField("text", .string(line)),
        ]).jsonText
    }

    /// A `scene` event (the live view's): registry entry `entry` loaded, `focus` focused, each
    /// reactor's whole state (`{"event":"scene","entry":"board","focus":"board","reactors":{…}}`).
    nonisolated static func sceneEvent(entry: String?, focus: String?, reactors: [StateField]) -> String {
        StateValue.object([
            StateField("event", .string("scene")),
            StateField("entry", entry.map { .string($0) } ?? .null),
            StateField("focus", focus.map { .string($0) } ?? .null),
            StateField("reactors", .object(reactors)),
        ]).jsonText
    }

    /// A `summary` event.
    nonisolated static func summaryEvent(passed: Int, failed: Int, errors: Int) -> String {
        StateValue.object([
            StateField("event", .string("summary")), StateField("passed", .int(passed)),
            StateField("failed", .int(failed)), StateField("errors", .int(errors)),
        ]).jsonText
    }
}

/// A reactor's name as the two events written field by field write it, made once a reactor: the
/// constant start of its `action` and of its `mutation` events, with the name's JSON text, up to
/// the key of the field after it (`,"event":"action","reactor":"board","action":`), each written
/// in one copy. A class, so that passing it on retains one object, not its two arrays.
final class JSONReactorName: Sendable {
    /// `,"event":"action","reactor":"board","action":` (its first comma the writer's to make a `{`).
    let actionEventHead: [UInt8]
    /// `,"event":"mutation","reactor":"board","mutation":`.
    let mutationEventHead: [UInt8]

    /// The events' start for the reactor named `name`.

    init(_ name: String) {
        let json = JSONStringLiteral(name).json
        actionEventHead = Array(#","event":"action","reactor":"#.utf8) + json + Array(#","action":"#.utf8)
        mutationEventHead = Array(#","event":"mutation","reactor":"#.utf8) + json + Array(#","mutation":"#.utf8)
    }
}

/// The keys of the events written field by field, each written once.
extension JSONKey {
    fileprivate static let action = JSONKey(#","action":"#)
    fileprivate static let args = JSONKey(#","args":"#)
    fileprivate static let source = JSONKey(#","source":"#)
    fileprivate static let line = JSONKey(#","line":"#)
    fileprivate static let step = JSONKey(#","step":"#)
    fileprivate static let patch = JSONKey(#","patch":"#)
    fileprivate static let effect = JSONKey(#","effect":"#)
    /// The key of a mutation's `cause`, which opens its object, and of the cause's first field.
    fileprivate static let causeOrigin = JSONKey(#","cause":{"origin":"#)
    /// The same with the cause's `origin` field and the key of its `step` after it, one copy for all.
    fileprivate static let causeOfActionStep = JSONKey(#","cause":{"origin":"action","step":"#)
    fileprivate static let causeOfEffectStep = JSONKey(#","cause":{"origin":"effect","step":"#)
    fileprivate static let causeOfEventStep = JSONKey(#","cause":{"origin":"event","step":"#)
}

extension MutationCause.Origin {
    /// The key of a mutation's `cause`, which opens its object, the cause's `origin` field and the
    /// key of its `step` after it (`,"cause":{"origin":"action","step":`).
    fileprivate var causeKeyOfStep: JSONKey {
        switch self {
        case .action: .causeOfActionStep
        case .effect: .causeOfEffectStep
        case .event: .causeOfEventStep
        }
    }
}
