import ReactorCore
import StateDiff

extension ShellSession {
    /// Runs one meta command.
    func runMeta(_ invocation: MetaInvocation) async -> CommandOutcome {
        switch invocation.command {
        case .help(let topic): return help(topic)
        case .reactors:
            let width = (registry.names.map(\.count).max() ?? 0) + 2
            let lines = registry.entries.map { entry in
                let marker = entry.name == entryName ? "*" : " "
                return "\(marker) \(entry.name.padded(to: width))\(entry.summary)"
            }
            printer.text(lines.joined(separator: "\n"))
            return .succeeded
        case .use(let entry):
            return loadScene(named: entry.text, column: entry.column)
        case .focus(let name):
            guard let index = reactorIndex(named: name) else { return unknownReactor(name) }
            setFocus(index)
            recordReplay(":focus \(name.text)")
            return .succeeded
        case .actions(let name):
            guard let index = name.map({ reactorIndex(named: $0) }) ?? focusIndexIfLoaded else {
                return name.map(unknownReactor) ?? fail("no reactor loaded; load one with :use NAME")
            }
            let table = reactors[index].commandTable
            printer.text(CommandListing.lines(for: table.signatures).joined(separator: "\n"))
            return .succeeded
        case .state(let reference):
            return showState(reference)
        case .expect(let expectation):
            return expect(expectation, column: invocation.column)
        case .wait(let limit):
            recordReplay(":wait")
            return await waitForQuiescence(limit: limit ?? waitLimit)
        case .advance(let duration):
            guard scheduler.virtualClock != nil else {
                return fail(":advance needs the virtual clock (start with --virtual-clock)")
            }
            recordReplay(ScriptFormatter.metaLine(invocation.command))
            await scheduler.advance(by: duration)
            return .succeeded
        case .sleep(let duration):
            do {
                try await Task.sleep(for: duration)
            } catch {
                return fail("interrupted")
            }
            return .succeeded
        case .history:
            printer.text(historyText())
            return .succeeded
        case .undo, .redo, .jump:
            return travel(invocation.command)
        case .reset(let name):
            return reset(name)
        case .save(let file):
            return save(to: file)
        case .load(let file):
            return await load(file)
        case .set(let setting):
            apply(setting)
            return .succeeded
        case .quit:
            return .quit(code: nil)
        case .exit(let code):
            return .quit(code: code)
        }
    }

    var focusIndexIfLoaded: Int? { reactors.isEmpty ? nil : focusIndex }

    // MARK: Help

    private func help(_ topic: LocatedText?) -> CommandOutcome {
        guard let topic else {
            var text = MetaCommandHelp.overview
            if let index = focusIndexIfLoaded {
                text += "\n\nActions of \(reactors[index].name):\n"
                text += CommandListing.lines(for: reactors[index].commandTable.signatures).joined(separator: "\n")
            } else {
                text += "\n\nNo reactor loaded: :reactors lists them, :use NAME loads one."
            }
            printer.text(text)
            return .succeeded
        }
        let name = topic.text
        let metaName = name.hasPrefix(":") ? name : ":" + name
        if let entry = MetaCommandHelp.entry(named: metaName) {
            printer.text(entry.fullText)
            return .succeeded
        }
        var actionName = name
        var index = focusIndexIfLoaded
        if let dot = name.firstIndex(of: ".") {
            let reactorName = String(name[..<dot])
            index = reactors.firstIndex { $0.name == reactorName }
            actionName = String(name[name.index(after: dot)...])
        }
        if let index, let signature = reactors[index].commandTable.signature(named: actionName) {
            printer.text(signature.helpText)
            return .succeeded
        }
        let candidates = MetaCommandHelp.names + (focusIndexIfLoaded.map { reactors[$0].commandTable.signatures.map(\.name) } ?? [])
        return fail("no help for '\(name)'\(Suggestions.didYouMean(name, among: candidates))", column: topic.column)
    }

    // MARK: State and expectations

    /// The reactor a path reference names (its `REACTOR:` prefix, or the focus).
    private func reactorIndex(for reference: StatePathReference?) -> Result<Int, Diagnostic> {
        if let name = reference?.reactor {
            guard let index = reactorIndex(named: name) else {
                return .failure(Diagnostic(currentOrigin, column: name.column,
                    "no reactor '\(name.text)' in this scene\(Suggestions.didYouMean(name.text, among: reactorNames))"))
            }
            return .success(index)
        }
        guard let index = focusIndexIfLoaded else {
            return .failure(Diagnostic(currentOrigin, column: 1, "no reactor loaded; load one with :use NAME"))
        }
        return .success(index)
    }

    /// The value at `reference` (the whole state when it has no path).
    private func value(at reference: StatePathReference?) -> Result<(reactor: Int, value: StateValue), Diagnostic> {
        let index: Int
        switch reactorIndex(for: reference) {
        case .success(let found): index = found
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        let state: StateValue
        do {
            state = try reactors[index].stateValue()
        } catch {
            return .failure(Diagnostic(currentOrigin, column: 1, "cannot describe the state of \(reactors[index].name): \(error)"))
        }
        guard let pathText = reference?.path, !pathText.text.isEmpty else { return .success((index, state)) }
        do {
            let path = try StatePath(parsing: pathText.text)
            return .success((index, try state.value(at: path)))
        } catch let error as StatePathSyntaxError {
            return .failure(Diagnostic(currentOrigin, column: pathText.column + error.column - 1,
                "bad path '\(pathText.text)': expected \(error.expected), found \(error.found)"))
        } catch {
            return .failure(Diagnostic(currentOrigin, column: pathText.column, "\(error)"))
        }
    }

    private func showState(_ reference: StatePathReference?) -> CommandOutcome {
        switch value(at: reference) {
        case .success(let (index, value)):
            printer.state(reactor: reactors[index].name, path: reference?.path.text, value: value)
            return .succeeded
        case .failure(let diagnostic):
            return fail(diagnostic)
        }
    }

    private func expect(_ expectation: Expectation, column: Int) -> CommandOutcome {
        let expected = expectation.expected.stateValue
        let comparison = expectation.comparison.rawValue
        let pathText = expectation.path.description
        var ok = false
        var actual: StateValue?
        var problem: String?
        switch value(at: expectation.path) {
        case .success(let (_, value)):
            actual = value
            do {
                ok = try expectation.comparison.evaluate(value, expected)
            } catch {
                problem = "\(error)"
            }
        case .failure(let diagnostic):
            problem = diagnostic.message
        }
        if ok { passed += 1 } else { failed += 1; hadFailure = true }
        printer.expectation(
            origin: currentOrigin, column: column, path: pathText, comparison: comparison, expected: expected,
            actual: actual, ok: ok, problem: problem)
        return ok ? .succeeded : .failed
    }

    // MARK: History, time travel, reset

    private func historyText() -> String {
        let entries = log.visibleEntries
        guard !entries.isEmpty else { return "(no actions yet)" }
        var lines: [String] = []
        let width = String(entries.last!.number).count
        for entry in entries {
            let number = String(entry.number)
            lines.append("  " + String(repeating: " ", count: width - number.count) + number + "  " + entry.command)
            let indent = String(repeating: " ", count: width + 6)
            for mutation in entry.mutations { lines.append(indent + "· " + mutation) }
            if entry.droppedMutations > 0 { lines.append(indent + "… \(entry.droppedMutations) more") }
        }
        return lines.joined(separator: "\n")
    }

    private func travel(_ command: MetaCommand) -> CommandOutcome {
        guard let index = focusIndexIfLoaded else { return fail("no reactor loaded; load one with :use NAME") }
        let reactor = reactors[index]
        let target: StateSnapshot?
        let label: String
        switch command {
        case .undo:
            target = timelines[index].undo(current: reactor.snapshot())
            label = "(undo)"
            if target == nil { return fail("nothing to undo for \(reactor.name)") }
        case .redo:
            target = timelines[index].redo()
            label = "(redo)"
            if target == nil { return fail("nothing to redo for \(reactor.name)") }
        case .jump(let step):
            target = step < log.nextNumber ? timelines[index].jump(toAfter: step, current: reactor.snapshot()) : nil
            label = "(jump to after step \(step))"
            if target == nil {
                let steps = timelines[index].steps
                let range = steps.isEmpty ? "no steps recorded" : "steps \(max(0, steps.first! - 1))…\(steps.last!)"
                return fail("cannot jump to step \(step) of \(reactor.name): \(range)")
            }
        default:
            return .succeeded
        }
        for other in reactors { other.cancelAllEffects() }
        reactor.restore(target!)
        recordReplay(ScriptFormatter.metaLine(command))
        reportChange(of: index, label: label)
        return .succeeded
    }

    private func reset(_ name: LocatedText?) -> CommandOutcome {
        var indices = Array(reactors.indices)
        if let name {
            guard let index = reactorIndex(named: name) else { return unknownReactor(name) }
            indices = [index]
        }
        guard !indices.isEmpty else { return fail("no reactor loaded; load one with :use NAME") }
        for index in indices {
            reactors[index].reset()
            timelines[index].clear()
            reportChange(of: index, label: "(reset)")
        }
        let line = name.map { ":reset \($0.text)" } ?? ":reset"
        log.append(command: line)
        recordReplay(line)
        return .succeeded
    }

    // MARK: Settings

    private func apply(_ setting: MetaCommand.Setting) {
        switch setting {
        case .diff(let on):
            if on && !showDiffs { refreshBaselines() }
            showDiffs = on
        case .format(let format):
            printer.format = format == .json ? .json : .text
            printer.colors = resolvedColors()
        case .trace(let on):
            trace = on
        case .color(let color):
            colorMode = ColorMode(rawValue: color.rawValue) ?? .auto
            printer.colors = resolvedColors()
        }
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
