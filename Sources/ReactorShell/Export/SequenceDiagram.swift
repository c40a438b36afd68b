/// A session as a sequence diagram, drawn from its ``SessionRecord`` (what happened, in order):
/// the one model that `:diagram` renders as Mermaid (`.mmd`), as SVG (`.svg`) or as text (no file).
///
/// - participants: the person typing (`User`), each reactor, and where mutations came from
///   besides actions: each reactor's effects (`write effects`) and the services whose events
///   reactors merge (`service`);
/// - a message per typed action (`User->>write: submit`), per mutation (from the reactor itself,
///   its effects, or the service), and per service event (from the effect or action that caused
///   it to the service), with a note over the reactor naming the paths the mutation changed;
/// - `:use` lines, time travel and resets as notes and dashed messages; an effect cancelled by
///   another action, a failed effect, and a failed line as notes.
struct SequenceDiagram {
    /// Someone or something that sends or receives.
    struct Participant: Equatable {
        enum Kind { case person, reactor, source }
        /// The name shown (`write effects`).
        let name: String
        /// An identifier made of letters, digits and `_` (`write_effects`), unique in the diagram.
        let id: String
        var kind: Kind
    }

    /// One row of the diagram, in order.
    enum Item: Equatable {
        /// What kind of message an arrow stands for.
        enum Message { case action, mutation, event, effect, travel }
        /// An arrow from participant `from` to `to` (indices in ``SequenceDiagram/participants``).
        case message(from: Int, to: Int, text: String, kind: Message)
        /// A note over participant `over`.
        case note(over: Int, text: String)

        /// Whether the arrow is drawn dashed (an effect starting, time travel).
        var isDashed: Bool {
            if case .message(_, _, _, let kind) = self { return kind == .effect || kind == .travel }
            return false
        }
    }

    /// The participants in order of first appearance (the person first).
    private(set) var participants: [Participant] = [Participant(name: "User", id: "User", kind: .person)]
    /// The rows, in order.
    private(set) var items: [Item] = []

    /// The participants as drawn: the person, then the reactors, then the sources of effects and
    /// events, each group in order of first appearance.
    var ordered: [Int] {
        let indices = participants.indices
        return indices.filter { participants[$0].kind == .person } + indices.filter { participants[$0].kind == .reactor }
            + indices.filter { participants[$0].kind == .source }
    }

    /// The diagram of `events`.
    init(_ events: [SessionRecord.Event]) {
        let effectsOfActions = Self.effectsByAction(events)
        var effectsDrawn: Set<Int> = []
        // The action whose effects start once its own mutations (sent while it ran) are drawn.
        var starting: (action: Int, reactor: Int)?
        var sawLine = false
        for event in events {
            if let due = starting, !Self.event(event, isSentWhileRunning: due.action) {
                startArrows(effectsOfActions[due.action], from: due.reactor, drawn: &effectsDrawn)
                starting = nil
            }
            switch event {
            case .line:
                sawLine = true
            case .scene(let entry, _, let isLoad):
                // The scene the session starts in is not a step of it.
                if isLoad && sawLine { note(over: "User", ":use \(entry)") }
            case .action(let action):
                let target = reactor(action.reactor)
                arrow(from: "User", to: target, action.call, .action)
                if effectsOfActions[action.id] != nil { starting = (action.id, target) }
            case .mutation(let mutation):
                add(mutation, effectsDrawn: &effectsDrawn)
            case .noMutation(let name):
                note(over: reactor(name), "(no mutation)")
            case .effectCancelled(let name, let effect, let action, _, let by):
                note(over: reactor(name), "⊘ effect #\(effect)" + (action.map { " of \($0)" } ?? "") + " cancelled by \(by)")
            case .effectFailed(let name, let effect, let action, _, let failure):
                note(over: reactor(name), "effect #\(effect)" + (action.map { " of \($0)" } ?? "") + " failed: \(failure)")
            case .failure(let message):
                note(over: "User", "✗ \(message)")
            }
        }
        if let due = starting { startArrows(effectsOfActions[due.action], from: due.reactor, drawn: &effectsDrawn) }
    }

    /// The effects of each typed action (by its id) that the events name — by a mutation they
    /// sent, their cancellation or their failure — in the order they started (their numbers).
    /// An effect's start is drawn after its action's own mutations, as the session ran it, not at
    /// its first mutation: effects that overlap, or that end with no mutation (cancelled), keep
    /// their order.
    private static func effectsByAction(_ events: [SessionRecord.Event]) -> [Int: [(number: Int, action: String?)]] {
        var effects: [Int: [Int: String?]] = [:]
        for event in events {
            switch event {
            case .mutation(let mutation):
                guard let cause = mutation.cause, let actionID = cause.actionID, let effect = cause.effect else { continue }
                if effects[actionID, default: [:]][effect] == nil { effects[actionID, default: [:]][effect] = cause.action }
            case .effectCancelled(_, let effect, let action, let actionID?, _), .effectFailed(_, let effect, let action, let actionID?, _):
                if effects[actionID, default: [:]][effect] == nil { effects[actionID, default: [:]][effect] = action }
            default:
                continue
            }
        }
        return effects.mapValues { byNumber in byNumber.keys.sorted().map { (number: $0, action: byNumber[$0] ?? nil) } }
    }

    /// Whether `event` is a mutation that action `actionID` sent while it ran (its own, or a
    /// service event it broadcast), before any of its effects started.
    private static func event(_ event: SessionRecord.Event, isSentWhileRunning actionID: Int) -> Bool {
        guard case .mutation(let mutation) = event, let cause = mutation.cause, cause.actionID == actionID else { return false }
        return cause.origin == .action || (cause.origin == .event && cause.effect == nil)
    }

    /// The start arrows of `effects` not `drawn` yet, from reactor `from`.
    private mutating func startArrows(_ effects: [(number: Int, action: String?)]?, from: Int, drawn: inout Set<Int>) {
        for effect in effects ?? [] where drawn.insert(effect.number).inserted {
            startArrow(from: from, effect.number, of: effect.action)
        }
    }

    /// The dashed arrow of effect `number` (of action `action`) starting, from reactor `from` to
    /// its effects.
    private mutating func startArrow(from: Int, _ number: Int, of action: String?) {
        let effects = participant(participants[from].name + " effects", .source)
        items.append(.message(
            from: from, to: effects, text: "effect #\(number)" + (action.map { " of \($0)" } ?? ""), kind: .effect))
    }

    private mutating func add(_ mutation: SessionRecord.Mutation, effectsDrawn: inout Set<Int>) {
        let target = reactor(mutation.reactor)
        let paths = ChangedPaths.note(for: mutation.output)
        guard let cause = mutation.cause else {
            // Time travel or a reset (drawn when it changed something the terminal showed).
            guard !mutation.output.isEmpty else { return }
            arrow(from: "User", to: target, mutation.label, .travel)
            if let paths { items.append(.note(over: target, text: paths)) }
            return
        }
        let causeReactor = cause.actionReactor.map { reactor($0) } ?? target
        // A reactor's effects are a participant from the first message that involves them.
        let effects = participants[causeReactor].name + " effects"
        // An effect of no known action starts where it is first seen.
        if let effect = cause.effect, effectsDrawn.insert(effect).inserted {
            startArrow(from: causeReactor, effect, of: cause.action)
        }
        switch cause.origin {
        case .effect:
            items.append(.message(from: participant(effects, .source), to: target, text: mutation.label, kind: .mutation))
        case .event:
            let from = cause.effect == nil ? causeReactor : participant(effects, .source)
            let service = participant("service", .source)
            items.append(.message(
                from: from, to: service, text: "event" + (cause.action.map { " (\($0))" } ?? ""), kind: .event))
            items.append(.message(from: service, to: target, text: mutation.label, kind: .mutation))
        case .action:
            items.append(.message(from: target, to: target, text: mutation.label, kind: .mutation))
        }
        if let paths { items.append(.note(over: target, text: paths)) }
    }

    /// The index of reactor `name`, declared on first use.
    private mutating func reactor(_ name: String) -> Int {
        participant(name, .reactor)
    }

    /// The index of the participant named `name`, declared on first use as `kind`.
    private mutating func participant(_ name: String, _ kind: Participant.Kind) -> Int {
        if let known = participants.firstIndex(where: { $0.name == name }) {
            if kind == .reactor { participants[known].kind = .reactor }
            return known
        }
        var id = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        if id.first?.isLetter != true { id = "p_" + id }
        while participants.contains(where: { $0.id == id }) { id += "_" }
        participants.append(Participant(name: name, id: id, kind: kind))
        return participants.count - 1
    }

    private mutating func note(over index: Int, _ text: String) {
        items.append(.note(over: index, text: text))
    }

    private mutating func note(over name: String, _ text: String) {
        items.append(.note(over: participant(name, .person), text: text))
    }

    private mutating func arrow(from: String, to: Int, _ text: String, _ kind: Item.Message) {
        items.append(.message(from: participant(from, .person), to: to, text: text, kind: kind))
    }
}
