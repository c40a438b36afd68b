import StateDiff

extension SessionRunner {
    // MARK: State and expectations

    /// The reactor a path reference names (its `REACTOR:` prefix, or the focus).
    func reactorIndex(for reference: StatePathReference?) -> Result<Int, Diagnostic> {
        if let name = reference?.reactor {
            guard let index = scene.index(named: name.text) else {
                return .failure(Diagnostic(output.origin, column: name.column,
                    "no reactor '\(name.text)' in this scene\(Suggestions.didYouMean(name.text, among: scene.names))"))
            }
            return .success(index)
        }
        guard let index = scene.focusIndexIfLoaded else {
            return .failure(Diagnostic(output.origin, column: 1, "no reactor loaded; load one with :use NAME"))
        }
        return .success(index)
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
                state = try scene.reactors[index].stateValue(afterReduction: reduction.slot)
            } else {
                state = try scene.reactors[index].stateValue()
            }
        } catch {
            return .failure(Diagnostic(output.origin, column: 1, "cannot describe the state of \(scene.reactors[index].name): \(error)"))
        }
        guard let pathText = reference?.path, !pathText.text.isEmpty else { return .success((index, state)) }
        do {
            let path = try StatePath(parsing: pathText.text)
            return .success((index, try state.value(at: path)))
        } catch let error as StatePathSyntaxError {
            return .failure(Diagnostic(output.origin, column: pathText.column + error.column - 1,
                "bad path '\(pathText.text)': expected \(error.expected), found \(error.found)"))
        } catch {
            let hint = reference?.reactor == nil ? reactorPrefixHint(forPath: pathText.text) : ""
            return .failure(Diagnostic(output.origin, column: pathText.column, "\(error)\(hint)"))
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
