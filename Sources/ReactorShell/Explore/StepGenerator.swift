import StateDiff

/// Makes the random steps of an exploration from the scene's command declarations: mostly
/// actions (each argument from its command's own generator or its type's, written as a person
/// would: positional or labelled, defaults sometimes left out), with `:advance`, `:undo`,
/// `:redo` and ` &` mixed in.
@MainActor
struct StepGenerator {
    /// One command the explorer may send.
    private struct Choice {
        let reactor: String?
        let signature: CommandSignature
        let generator: CommandGenerator?
    }

    private let choices: [Choice]

    /// A generator over the commands of `tables` (the first reactor is the focused one) using the
    /// commands' own `generators` where they have one.
    init(tables: [ReactorCommandTable], generators: [CommandGenerator]) {
        var choices: [Choice] = []
        for (index, table) in tables.enumerated() {
            for signature in table.signatures {
                let own = generators.first { $0.command == signature.name && ($0.reactor == nil || $0.reactor == table.name) }
                choices.append(Choice(reactor: index == 0 ? nil : table.name, signature: signature, generator: own))
            }
        }
        self.choices = choices
    }

    /// The next step, numbered `origin`, for the session `probe` shows.
    func step(origin: Int, random: inout ExploreRandom, probe: ExploreProbe) -> ExploreStep {
        let roll = random.below(100)
        if roll < 8 { return ExploreStep(.advance(milliseconds: random.pick([100, 250, 300, 500, 1000, 2000])), origin: origin) }
        if roll < 14 && probe.canUndo { return ExploreStep(.undo, origin: origin) }
        if roll < 18 && probe.canRedo { return ExploreStep(.redo, origin: origin) }
        for _ in 0..<8 where !choices.isEmpty {
            if let action = action(random.pick(choices), random: &random, probe: probe) {
                return ExploreStep(.action(action), origin: origin)
            }
        }
        return ExploreStep(.advance(milliseconds: 100), origin: origin)
    }

    private func action(_ choice: Choice, random: inout ExploreRandom, probe: ExploreProbe) -> ExploreAction? {
        var chosen: [String: StateValue] = [:]
        if let generator = choice.generator {
            guard let values = generator.arguments(&random, probe) else { return nil }
            chosen = values
        }
        let parameters = choice.signature.parameters
        let labelled = parameters.count > 1 ? random.chance(1, in: 2) : random.chance(1, in: 5)
        var arguments: [ExploreAction.Argument] = []
        for parameter in parameters {
            // A person leaves a default out (only in the labelled form, where that is always allowed).
            if labelled, parameter.defaultValue != nil, chosen[parameter.label] == nil, random.chance(1, in: 3) { continue }
            var argument = ExploreAction.Argument(
                label: parameter.label, value: chosen[parameter.label] ?? ValueGenerators.value(for: parameter, &random),
                bare: random.chance(1, in: 2))
            argument.isChosen = chosen[parameter.label] != nil
            arguments.append(argument)
        }
        if labelled {
            // Labels in any order.
            for index in arguments.indices.reversed() where index > 0 {
                arguments.swapAt(index, random.below(index + 1))
            }
        }
        return ExploreAction(
            reactor: choice.reactor, command: choice.signature.name, arguments: arguments,
            form: labelled ? .labelled(equalsSign: random.chance(1, in: 4)) : .positional,
            isBackground: random.chance(1, in: 7))
    }
}
