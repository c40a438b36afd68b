import StateDiff

/// A `:break` condition and whether it held when last checked (it fires when it turns true).
struct Breakpoint {
    /// The condition, its reactor named (the focus when `:break` was typed).
    let condition: Expectation
    /// Whether the condition held at the last check.
    var holds: Bool

    /// `PATH OP VALUE` as written.
    var claim: String {
        condition.path.description + " " + condition.comparison.symbol + " " + condition.expected.stateValue.literal()
    }
}

extension SessionRunner {
    // MARK: :watch

    /// `:watch [PATH]`: adds a watch on PATH (of the focused reactor unless it names one), or
    /// lists the watches.
    func watch(_ reference: StatePathReference?) -> CommandOutcome {
        guard let reference else {
            let watches = reporter.watches.watches
            output.printer.text(watches.isEmpty
                ? "no paths watched: diffs are shown whole (:watch PATH watches one)"
                : watches.map { "watching \($0.reactor):\($0.written)" }.joined(separator: "\n"))
            return .succeeded
        }
        switch watchedPath(reference) {
        case .success(let watch):
            _ = reporter.changeWatches { $0.add(watch) }
            return .succeeded
        case .failure(let diagnostic):
            return output.fail(diagnostic)
        }
    }

    /// `:unwatch [PATH]`.
    func unwatch(_ reference: StatePathReference?) -> CommandOutcome {
        guard let reference else {
            _ = reporter.changeWatches { $0.remove(reactor: nil, written: nil) }
            return .succeeded
        }
        let reactor: String
        switch reactorIndex(for: reference) {
        case .success(let index): reactor = scene.reactors[index].name
        case .failure(let diagnostic): return output.fail(diagnostic)
        }
        if reporter.changeWatches({ $0.remove(reactor: reactor, written: reference.path.text) }) == 0 {
            return output.fail("'\(reference)' is not watched (:watch lists the watches)", column: reference.path.column)
        }
        return .succeeded
    }

    /// The watch `reference` asks for: its reactor, and its path checked against the state now (a
    /// path that cannot exist is an error; an index past the end of an array may exist later).
    /// `.count` of an array or a string watches the array or string.
    private func watchedPath(_ reference: StatePathReference) -> Result<WatchList.Watch, Diagnostic> {
        let index: Int
        switch checkedPath(reference) {
        case .success(let found): index = found
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        var path = (try? StatePath(parsing: reference.path.text)) ?? StatePath()
        if path.components.last == .key("count"), case .success(let (_, parent)) = value(at: parentReference(of: reference)) {
            switch parent {
            case .array, .string: path = path.parent
            default: break
            }
        }
        return .success(WatchList.Watch(reactor: scene.reactors[index].name, written: reference.path.text, path: path))
    }

    /// `reference` without its last path component.
    private func parentReference(of reference: StatePathReference) -> StatePathReference {
        let parent = ((try? StatePath(parsing: reference.path.text)) ?? StatePath()).parent
        return StatePathReference(reactor: reference.reactor, path: LocatedText(parent.description, column: reference.path.column))
    }

    /// Checks that `reference` names a reactor of the scene and a path its state can have;
    /// returns the reactor's index.
    private func checkedPath(_ reference: StatePathReference) -> Result<Int, Diagnostic> {
        switch value(at: reference) {
        case .success(let (index, _)):
            return .success(index)
        case .failure(let diagnostic):
            // An element that is not there yet may come: only an index out of range is fine.
            guard diagnostic.message.hasPrefix("index "), case .success(let index) = reactorIndex(for: reference) else {
                return .failure(diagnostic)
            }
            return .success(index)
        }
    }

    // MARK: :break

    /// `:break PATH OP VALUE` adds a break (checked after every mutation from now on); `:break`
    /// lists them.
    func addBreak(_ condition: Expectation?) -> CommandOutcome {
        guard let condition else {
            output.printer.text(breakpoints.isEmpty
                ? "no breaks (:break PATH OP VALUE adds one)"
                : breakpoints.map { "break when \($0.claim) (now \($0.holds ? "true" : "false"))" }.joined(separator: "\n"))
            return .succeeded
        }
        let index: Int
        switch checkedPath(condition.path) {
        case .success(let found): index = found
        case .failure(let diagnostic): return output.fail(diagnostic)
        }
        var named = condition
        named.path.reactor = condition.path.reactor
            ?? LocatedText(scene.reactors[index].name, column: condition.path.path.column)
        let holds: Bool
        do {
            holds = try evaluate(named)
        } catch {
            return output.fail("\(error)", column: condition.comparisonColumn)
        }
        // A new list is stored rather than the stored one changed in place, which would keep every
        // access to it checked for exclusivity at run time (docs/performance.md).
        breakpoints = breakpoints + [Breakpoint(condition: named, holds: holds)]
        return .succeeded
    }

    /// `:unbreak [PATH]`.
    func removeBreaks(_ reference: StatePathReference?) -> CommandOutcome {
        if let reference {
            let reactor: String
            switch reactorIndex(for: reference) {
            case .success(let index): reactor = scene.reactors[index].name
            case .failure(let diagnostic): return output.fail(diagnostic)
            }
            let before = breakpoints.count
            breakpoints = breakpoints.filter {
                $0.condition.path.reactor?.text != reactor || $0.condition.path.path.text != reference.path.text
            }
            if breakpoints.count == before {
                return output.fail("no break on '\(reference)' (:break lists the breaks)", column: reference.path.column)
            }
        } else {
            breakpoints = []
        }
        return .succeeded
    }

    /// Whether `condition` holds now (with `reduction`, in reactor `reduction.reactor`'s state
    /// after that reduction of the journal); a path that is not there (yet) does not hold. Throws
    /// when the comparison cannot be made (a string ordered against a number).
    private func evaluate(_ condition: Expectation, reading reduction: (reactor: Int, slot: Int)? = nil) throws -> Bool {
        guard case .success(let (_, actual)) = value(at: condition.path, reading: reduction) else { return false }
        return try condition.comparison.evaluate(actual, condition.expected.stateValue)
    }

    /// After each mutation (read from the journal: reactor `reduction.reactor`'s state after that
    /// reduction) and each time-travel step: a break whose condition turned true prints
    /// `● break: …` and is noted, so that a script run stops before its next line.
    func checkBreakpoints(reading reduction: (reactor: Int, slot: Int)? = nil) {
        // The breaks are checked in a list of the function's own and stored back (see `addBreak`).
        var checked = breakpoints
        breakpoints = []
        defer { breakpoints = checked }
        for index in checked.indices {
            let holds = (try? evaluate(checked[index].condition, reading: reduction)) ?? false
            defer { checked[index].holds = holds }
            guard holds, !checked[index].holds else { continue }
            let actual = (try? value(at: checked[index].condition.path, reading: reduction).get().value)
                .map { $0.literal(maxLength: 60) } ?? "?"
            output.printer.breakFired("  ● break: \(checked[index].claim) (actual: \(actual))")
            breakFired = true
        }
    }

    /// After a line of a script: a break that fired stops the run before its next line, as a
    /// stepping run stops, when a person is there to go on (interactive, or `run --step`).
    func stopForBreakIfFired() {
        guard breakFired else { return }
        breakFired = false
        guard let keyboard, keyboard.interactive || stepping != nil else { return }
        beginStepping(atDepth: 1)
    }
}
