import StateDiff

/// What replaying a sequence of steps from the initial state gave.
struct ReplayResult {
    /// The first failure, if any.
    var failure: ExploreFailure?
    /// How many steps ran, the failing one included.
    var stepsRun: Int
    /// The ``ExploreStep/origin`` of the steps whose line failed (only with `--allow-errors`).
    var failedOrigins: Set<Int>
}

/// Shrinks a failing sequence to a small one that fails the same way: drops meta steps and ` &`,
/// drops runs of steps (halves, quarters, … single steps, then pairs), simplifies each action's arguments
/// toward 0 and "" (not those a command's own generator chose), then writes each action in the canonical form of `:save`. Every candidate is
/// replayed from the initial state (never judged by the old run's states) and kept only when it
/// fails the same way without a line failing that did not fail before.
@MainActor
struct Shrinker {
    /// Replays a candidate from the initial state.
    let replay: ([ExploreStep]) async -> ReplayResult
    /// The declaration of a command (by reactor prefix and name), for the canonical form.
    let signature: (String?, String) -> CommandSignature?

    private(set) var best: [ExploreStep] = []
    private(set) var failure: ExploreFailure
    private var allowedErrors: Set<Int> = []
    private var tried: Set<[String]> = []
    /// How many candidates were replayed.
    private(set) var candidates = 0

    init(
        replay: @escaping ([ExploreStep]) async -> ReplayResult, signature: @escaping (String?, String) -> CommandSignature?,
        failure: ExploreFailure
    ) {
        self.replay = replay
        self.signature = signature
        self.failure = failure
    }

    /// Shrinks `steps`, which failed with ``failure`` at their last step, having failed lines
    /// at `failedOrigins` on the way (allowed errors).
    mutating func shrink(_ steps: [ExploreStep], failedOrigins: Set<Int>) async -> [ExploreStep] {
        best = steps
        allowedErrors = failedOrigins
        tried = [steps.map(\.line)]
        var progress = true
        while progress {
            let before = best
            await dropAll { $0.isMeta && !Self.isAction($0) }
            await mapAll(Self.foreground)
            await dropRuns()
            if best == before { await dropPairs() }
            await simplifyArguments()
            await shortenAdvances()
            progress = best != before
        }
        await mapAll(canonical)
        for index in best.indices { await tryReplacing(index, with: canonical(best[index])) }
        return best
    }

    // MARK: Candidates

    /// Replays `candidate`; keeps it (cut after its failing step) when it fails the same way.
    private mutating func attempt(_ candidate: [ExploreStep]) async -> Bool {
        guard !candidate.isEmpty, tried.insert(candidate.map(\.line)).inserted else { return false }
        candidates += 1
        let result = await replay(candidate)
        guard let found = result.failure, found.isSameKind(as: failure), result.failedOrigins.isSubset(of: allowedErrors)
        else { return false }
        best = Array(candidate.prefix(result.stepsRun))
        failure = found
        return true
    }

    private mutating func dropAll(where drop: (ExploreStep) -> Bool) async {
        if best.contains(where: drop) { _ = await attempt(best.filter { !drop($0) }) }
    }

    private mutating func mapAll(_ change: (ExploreStep) -> ExploreStep) async {
        let changed = best.map(change)
        if changed != best { _ = await attempt(changed) }
    }

    /// Drops runs of steps, longest first (a run is tried again at the same place after a success).
    private mutating func dropRuns() async {
        var size = max(1, best.count / 2)
        while true {
            var start = 0
            while start < best.count {
                var candidate = best
                candidate.removeSubrange(start..<min(start + size, best.count))
                if await !attempt(candidate) { start += size }
            }
            if size == 1 { return }
            size /= 2
        }
    }

    /// Drops any two steps (an `add` and the `remove` that undoes it, a `remove` and the `:undo`
    /// that takes it back), when the sequence is short enough for every pair to be tried.
    private mutating func dropPairs() async {
        guard best.count <= Self.pairLimit else { return }
        var first = 0
        while first < best.count {
            var second = first + 1
            var dropped = false
            while second < best.count {
                var candidate = best
                candidate.remove(at: second)
                candidate.remove(at: first)
                if await attempt(candidate) {
                    dropped = true
                    break
                }
                second += 1
            }
            if !dropped { first += 1 }
        }
    }

    /// The longest sequence whose pairs of steps are tried (n² / 2 replays of n steps each).
    static let pairLimit = 40

    @discardableResult
    private mutating func tryReplacing(_ index: Int, with step: ExploreStep) async -> Bool {
        guard index < best.count, step != best[index] else { return false }
        var candidate = best
        candidate[index] = step
        return await attempt(candidate)
    }

    /// Each argument toward 0 and "", one simpler value at a time, until none is accepted.
    private mutating func simplifyArguments() async {
        var index = 0
        while index < best.count {
            if case .action(let action) = best[index].kind {
                for argumentIndex in action.arguments.indices {
                    var changed = true
                    while changed {
                        changed = false
                        guard index < best.count, case .action(let current) = best[index].kind,
                              argumentIndex < current.arguments.count, !current.arguments[argumentIndex].isChosen else { break }
                        for simpler in Self.simpler(current.arguments[argumentIndex].value) {
                            var action = current
                            action.arguments[argumentIndex].value = simpler
                            action.arguments[argumentIndex].bare = action.arguments[argumentIndex].bare && ExploreAction.canBeBare(simpler)
                            if await tryReplacing(index, with: ExploreStep(.action(action), origin: best[index].origin)) {
                                changed = true
                                break
                            }
                        }
                    }
                }
            }
            index += 1
        }
    }

    private mutating func shortenAdvances() async {
        for index in best.indices {
            guard index < best.count, case .advance(let milliseconds) = best[index].kind, milliseconds > 100 else { continue }
            _ = await tryReplacing(index, with: ExploreStep(.advance(milliseconds: 100), origin: best[index].origin))
        }
    }

    /// Simpler values than `value`, simplest first: numbers nearer 0 (a positive one before its
    /// negative), shorter strings, `false`.
    static func simpler(_ value: StateValue) -> [StateValue] {
        var candidates: [StateValue]
        switch value {
        case .int(let number):
            candidates = [.int(0), .int(number / 2), .int(number > 0 ? number - 1 : number + 1)]
            if number < 0 && number != .min { candidates.insert(.int(-number), at: 1) }
        case .double(let number):
            candidates = [.double(0), .double(number.rounded(.towardZero)), .double(number / 2), .double(-number)]
        case .bool(true):
            candidates = [.bool(false)]
        case .string(let text):
            candidates = [.string(""), .string(String(text.prefix(text.count / 2))), .string(String(text.dropLast()))]
            if text.unicodeScalars.contains(where: { !$0.isASCII }) {
                candidates.append(.string(String(text.unicodeScalars.map { $0.isASCII ? Character($0) : "a" })))
            }
        default:
            candidates = []
        }
        var seen: Set<StateValue> = [value]
        return candidates.filter { isSimpler($0, than: value) && seen.insert($0).inserted }
    }

    /// Whether `candidate` is simpler than `value` (so that shrinking always ends).
    private static func isSimpler(_ candidate: StateValue, than value: StateValue) -> Bool {
        switch (candidate, value) {
        case let (.int(new), .int(old)):
            new.magnitude < old.magnitude || (new.magnitude == old.magnitude && new > old)
        case let (.double(new), .double(old)):
            new.magnitude < old.magnitude || (new.magnitude == old.magnitude && new > old)
        case let (.string(new), .string(old)):
            new.utf8.count < old.utf8.count
        case (.bool(false), .bool(true)):
            true
        default:
            false
        }
    }

    // MARK: Forms

    static func isAction(_ step: ExploreStep) -> Bool {
        if case .action = step.kind { return true }
        return false
    }

    /// The step without ` &`.
    static func foreground(_ step: ExploreStep) -> ExploreStep {
        guard case .action(var action) = step.kind, action.isBackground else { return step }
        action.isBackground = false
        return ExploreStep(.action(action), origin: step.origin)
    }

    /// The step written as `:save` writes it: every parameter in declaration order (defaults
    /// filled in), one positionally, several labelled, strings quoted.
    func canonical(_ step: ExploreStep) -> ExploreStep {
        guard case .action(var action) = step.kind, let signature = signature(action.reactor, action.command) else { return step }
        var arguments: [ExploreAction.Argument] = []
        for parameter in signature.parameters {
            guard let value = action.arguments.first(where: { $0.label == parameter.label })?.value ?? parameter.defaultValue
            else { return step }
            var argument = ExploreAction.Argument(label: parameter.label, value: value)
            argument.isChosen = action.arguments.first { $0.label == parameter.label }?.isChosen ?? false
            arguments.append(argument)
        }
        action.arguments = arguments
        action.form = arguments.count == 1 ? .positional : .labelled(equalsSign: false)
        return ExploreStep(.action(action), origin: step.origin)
    }
}
