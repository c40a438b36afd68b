import StateDiff

extension SessionRunner {
    // MARK: State and expectations

    /// The reactor a path reference names (its `REACTOR:` prefix, or the focus).
    func reactorIndex(for reference: StatePathReference?) -> Result<Int, Diagnostic> {
        StatePathReference.reactorIndex(of: reference, names: scene.names, focus: scene.focusIndexIfLoaded, origin: output.origin)
    }

    /// The value at `reference` (the whole state when it has no path), in the current state, or
    /// with `reduction`, in reactor `reduction.reactor`'s state after that reduction of the journal.
    func value(
        at reference: StatePathReference?, reading reduction: (reactor: Int, slot: Int)? = nil
    ) -> Result<(reactor: Int, value: StateValue), Diagnostic> {
        let index: Int
        switch reactorIndex(for: reference) {
        case .success(let found): index = found
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        let state: StateValue
        do {
            if let reduction, reduction.reactor == index {
                state = try scene.reactors[index].state.value(afterReduction: reduction.slot)
            } else {
                state = try scene.reactors[index].state.value()
            }
        } catch {
            return .failure(Diagnostic(output.origin, column: 1, "cannot describe the state of \(scene.reactors[index].name): \(error)"))
        }
        let path: StatePath
        do {
            guard let parsed = try reference?.parsedPath(origin: output.origin) else { return .success((index, state)) }
            path = parsed
        } catch {
            return .failure(error)
        }
        do {
            return .success((index, try state.value(at: path)))
        } catch {
            return .failure(reference!.unreadable(error, names: scene.names, origin: output.origin))
        }
    }

    func showState(_ reference: StatePathReference?) -> CommandOutcome {
        switch value(at: reference) {
        case .success(let (index, value)):
            output.printer.state(reactor: scene.reactors[index].name, path: reference?.path.text, value: value)
            return .succeeded
        case .failure(let diagnostic):
            return output.fail(diagnostic)
        }
    }

    /// What checking `expectation` against the scene finds: whether it holds, the actual value
    /// (when the path exists) and why it could not be checked (when it could not).
    func evaluate(_ expectation: Expectation) -> (ok: Bool, actual: StateValue?, problem: String?) {
        switch value(at: expectation.path) {
        case .success(let (_, value)):
            do {
                return (try expectation.comparison.evaluate(value, expectation.expected.stateValue), value, nil)
            } catch {
                return (false, value, "\(error)")
            }
        case .failure(let diagnostic):
            return (false, nil, diagnostic.message)
        }
    }

    func expect(_ expectation: Expectation, column: Int) -> CommandOutcome {
        let (ok, actual, problem) = evaluate(expectation)
        output.report(ExpectationResult(
            origin: output.origin, column: column, path: expectation.path.description,
            comparison: expectation.comparison.rawValue, expected: expectation.expected.stateValue,
            actual: actual, ok: ok, problem: problem))
        return ok ? .succeeded : .failed
    }
}
