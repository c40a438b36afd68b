import StateDiff

/// `:diagram FILE.mmd` and `run --diagram FILE.mmd`: a session as a Mermaid `sequenceDiagram`,
/// drawn from the JSON events of a ``SessionReplay`` (so it shows what `--format json` reports):
///
/// - participants: the person typing (`User`), each reactor, and where mutations came from
///   besides actions: each reactor's effects (`write effects`) and the services whose events
///   reactors merge (`service`);
/// - an arrow per action (`User->>write: submit`), per mutation (from the reactor itself, its
///   effects, or the service), and per service event (from the effect or action that caused it
///   to the service), with a note over the reactor naming the paths the mutation changed;
/// - `:use` lines, time travel and resets as notes and dashed arrows; an effect cancelled by
///   another action as a note (`⊘ effect #2 of updateQuery("sw") cancelled by updateQuery("swift")`).
enum SequenceDiagramWriter {
    /// The Mermaid text for `steps`, replayed with JSON output.
    static func mermaid(_ steps: [SessionReplay.Step]) -> String {
        var diagram = Diagram()
        for step in steps where step.kind == .command {
            if let entry = step.usedEntry { diagram.note(over: "User", ":use \(entry)") }
            for line in step.output {
                guard line.hasPrefix("{"), let event = try? StateValue(jsonText: line) else { continue }
                diagram.add(event)
            }
        }
        return diagram.text
    }

    /// The diagram being drawn: participants in order of first appearance, and the lines.
    private struct Diagram {
        var participants: [(id: String, name: String)] = [("User", "User")]
        var lines: [String] = []
        /// The reactors seen, for telling `write.submit` (reactor `write`) from a label with a dot.
        var reactors: Set<String> = []
        /// The effects whose start has been drawn.
        var effectsDrawn: Set<Int> = []

        var text: String {
            var text = "sequenceDiagram\n"
            // The person, then the reactors, then the sources of effects and events.
            let ordered = participants.filter { $0.id == "User" } + participants.filter { reactors.contains($0.name) }
                + participants.filter { $0.id != "User" && !reactors.contains($0.name) }
            for participant in ordered {
                text += participant.id == "User"
                    ? "    actor User\n" : "    participant \(participant.id) as \(escaped(participant.name))\n"
            }
            for line in lines { text += "    " + line + "\n" }
            return text
        }

        /// The id of the participant named `name`, declared on first use.
        mutating func participant(_ name: String) -> String {
            if let known = participants.first(where: { $0.name == name }) { return known.id }
            var id = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            if id.first?.isLetter != true { id = "p_" + id }
            while participants.contains(where: { $0.id == id }) { id += "_" }
            participants.append((id, name))
            return id
        }

        mutating func note(over name: String, _ text: String) {
            let id = participant(name)
            lines.append("Note over \(id): \(escaped(text))")
        }

        mutating func arrow(from: String, to: String, _ text: String, dashed: Bool = false) {
            let source = participant(from), target = participant(to)
            lines.append("\(source)\(dashed ? "-->>" : "->>")\(target): \(escaped(text))")
        }

        mutating func add(_ event: StateValue) {
            switch string(event["event"]) {
            case "action":
                guard let reactor = string(event["reactor"]), let action = string(event["action"]) else { return }
                reactors.insert(reactor)
                arrow(from: "User", to: reactor, Self.call(action, event["args"]))
            case "mutation":
                addMutation(event)
            case "no_mutation":
                if let reactor = string(event["reactor"]) { note(over: reactor, "(no mutation)") }
            case "effect":
                guard string(event["status"]) == "cancelled", let reactor = string(event["reactor"]),
                      case .int(let number)? = event["effect"], let by = string(event["by"]) else { return }
                note(over: reactor, "⊘ effect #\(number)" + (string(event["action"]).map { " of \($0)" } ?? "") + " cancelled by \(by)")
            default:
                return
            }
        }

        mutating func addMutation(_ event: StateValue) {
            guard let reactor = string(event["reactor"]), let label = string(event["mutation"]) else { return }
            reactors.insert(reactor)
            let paths = Self.paths(of: event["patch"])
            guard let cause = event["cause"] else {
                // Time travel or a reset: not a mutation a reactor made.
                arrow(from: "User", to: reactor, label, dashed: true)
                note(over: reactor, paths)
                return
            }
            let action = string(cause["action"])
            let causeReactor = action.flatMap(owner(of:)) ?? reactor
            let effect = cause["effect"].flatMap { value -> Int? in if case .int(let number) = value { number } else { nil } }
            let effectSource = causeReactor + " effects"
            if let effect, !effectsDrawn.contains(effect) {
                effectsDrawn.insert(effect)
                arrow(from: causeReactor, to: effectSource, "effect #\(effect)" + (action.map { " of \($0)" } ?? ""), dashed: true)
            }
            switch string(cause["origin"]) {
            case "effect":
                arrow(from: effectSource, to: reactor, label)
            case "event":
                arrow(from: effect == nil ? causeReactor : effectSource, to: "service", "event" + (action.map { " (\($0))" } ?? ""))
                arrow(from: "service", to: reactor, label)
            default:
                arrow(from: reactor, to: reactor, label)
            }
            note(over: reactor, paths)
        }

        /// The reactor of a cause's action: `write` in `write.submit` (when `write` is a reactor).
        func owner(of action: String) -> String? {
            guard let dot = action.firstIndex(of: ".") else { return nil }
            let name = String(action[..<dot])
            return reactors.contains(name) ? name : nil
        }

        func string(_ value: StateValue?) -> String? {
            if case .string(let text)? = value { return text }
            return nil
        }

        /// `updateTitle(title: "Hello")` from an action event's name and arguments.
        static func call(_ name: String, _ arguments: StateValue?) -> String {
            guard case .object(let fields)? = arguments, !fields.isEmpty else { return name }
            let list = fields.map { "\($0.key): \($0.value.literal(maxLength: 40))" }.joined(separator: ", ")
            return "\(name)(\(list))"
        }

        /// The paths a JSON Patch changed, as the text output writes them (`posts[0].title`).
        static func paths(of patch: StateValue?) -> String {
            guard case .array(let operations)? = patch, !operations.isEmpty else { return "(no change)" }
            var paths: [String] = []
            for operation in operations {
                guard case .string(let pointer)? = operation["path"] else { continue }
                let path = statePath(pointer)
                if !paths.contains(path) { paths.append(path) }
            }
            let shown = paths.prefix(6).joined(separator: ", ")
            return paths.count > 6 ? shown + ", … \(paths.count - 6) more" : shown
        }

        /// `/posts/0/title` → `posts[0].title`.
        static func statePath(_ pointer: String) -> String {
            var path = ""
            for component in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
                let key = String(component).replacing("~1", with: "/").replacing("~0", with: "~")
                if !key.isEmpty, key.allSatisfy(\.isNumber) {
                    path += "[\(key)]"
                } else {
                    path += path.isEmpty ? key : "." + key
                }
            }
            return path.isEmpty ? "(the whole state)" : path
        }
    }
}

/// Text made safe for a Mermaid message or note: `#` and `;` as entity codes, one line, and the
/// invisible controls that could reorder what an editor shows as `\u{…}` escapes.
private func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "#": result += "#35;"
        case ";": result += "#59;"
        case "\n", "\r": result += " "
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F || isInvisibleControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result
}
