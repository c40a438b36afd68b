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
        var effectsDrawn: Set<Int> = []
        var sawLine = false
        for event in events {
            switch event {
            case .line:
                sawLine = true
            case .scene(let entry, _, let isLoad):
                // The scene the session starts in is not a step of it.
                if isLoad && sawLine { note(over: "User", ":use \(entry)") }
            case .action(let action):
                arrow(from: "User", to: reactor(action.reactor), action.call, .action)
            case .mutation(let mutation):
                add(mutation, effectsDrawn: &effectsDrawn)
            case .noMutation(let name):
                note(over: reactor(name), "(no mutation)")
            case .effectCancelled(let name, let effect, let action, let by):
                note(over: reactor(name), "⊘ effect #\(effect)" + (action.map { " of \($0)" } ?? "") + " cancelled by \(by)")
            case .effectFailed(let name, let effect, let action, let failure):
                note(over: reactor(name), "effect #\(effect)" + (action.map { " of \($0)" } ?? "") + " failed: \(failure)")
            case .failure(let message):
                note(over: "User", "✗ \(message)")
            }
        }
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
        if let effect = cause.effect, !effectsDrawn.contains(effect) {
            effectsDrawn.insert(effect)
            items.append(.message(
                from: causeReactor, to: participant(effects, .source),
                text: "effect #\(effect)" + (cause.action.map { " of \($0)" } ?? ""), kind: .effect))
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
