import LiveViewPage
import StateDiff

extension SessionRunner {
    // MARK: Export (`:save`, `:diagram`)

    /// `:save [--expect | --transcript] FILE`: writes the session so far as a script that replays
    /// it, as that script followed by `:expect` lines for what it changed, or as a Markdown
    /// transcript.
    func save(to file: LocatedText, kind: MetaCommand.SaveKind) async -> CommandOutcome {
        let replay = recorder.replay
        if replay.overflowed || (kind == .transcript && recorder.input.overflowed) {
            return output.fail("the session is too long to save (over \(ReplayScript.limit) commands)", column: file.column)
        }
        let name = configuration.identity.name
        let text: String
        let summary: String
        switch kind {
        case .script:
            text = replay.text(savedAs: file.text, shellName: name)
            summary = "saved \(counted(replay.count, "command")) to \(file.text)"
        case .expectations:
            let expectations = expectationLines()
            text = replay.text(savedAs: file.text, shellName: name)
                + (expectations.isEmpty ? "" : "# what the session changed:\n" + expectations.joined(separator: "\n") + "\n")
            summary = "saved \(counted(replay.count, "command")) and \(counted(expectations.count(where: { $0.hasPrefix(":expect") }), "expectation")) to \(file.text)"
        case .transcript:
            let steps = await SessionReplay(registry: registry, configuration: configuration).run(recorder.input)
            let source = recorder.input.lines.first?.origin.source ?? "<stdin>"
            text = TranscriptWriter.markdown(steps, source: source, shellName: name)
            summary = "saved a transcript of \(counted(steps.count { $0.kind == .command }, "command")) to \(file.text)"
        case .html:
            let events = await LiveEventReplay.events(of: recorder.input, registry: registry, configuration: configuration, summary: true)
            text = LiveViewPage.html(embeddedEvents: "[\n" + events.joined(separator: ",\n") + "\n]")
            summary = "saved the live view's page with \(events.count) events to \(file.text)"
        }
        if let failure = write(text, to: file) { return failure }
        output.printer.text(summary)
        return .succeeded
    }

    /// `:diagram FILE`: writes the session as a Mermaid sequence diagram.
    func writeDiagram(to file: LocatedText) async -> CommandOutcome {
        if recorder.input.overflowed {
            return output.fail("the session is too long to draw (over \(ReplayScript.limit) commands)", column: file.column)
        }
        let text = await diagramText()
        if let failure = write(text, to: file) { return failure }
        output.printer.text("saved a sequence diagram to \(file.text)")
        return .succeeded
    }

    /// The session's lines as a Mermaid sequence diagram (also `run --diagram`).
    func diagramText() async -> String {
        let steps = await SessionReplay(registry: registry, configuration: configuration).run(recorder.input, format: .json)
        return SequenceDiagramWriter.mermaid(steps)
    }

    /// The `:expect` lines for the values the current scene changed since its `:use`.
    private func expectationLines() -> [String] {
        var lines: [String] = []
        for (index, reactor) in scene.reactors.enumerated() {
            guard index < recorder.sceneInitialStates.count, let initial = recorder.sceneInitialStates[index],
                  let current = try? reactor.stateValue() else { continue }
            lines += ExpectationWriter.lines(
                reactor: reactor.name, focused: index == scene.focusIndex, from: initial, to: current)
        }
        if lines.count > ExpectationWriter.limit {
            let more = lines.count - ExpectationWriter.limit
            lines = Array(lines.prefix(ExpectationWriter.limit)) + ["# … and \(more) more changed values, not checked"]
        }
        return lines
    }

    /// Writes `text` to `file` (relative to the running script's directory); the failure, if any.
    private func write(_ text: String, to file: LocatedText) -> CommandOutcome? {
        guard let failure = FileReplacement.write(text, to: resolvedPath(file.text)) else { return nil }
        return output.fail("cannot write '\(file.text)': \(failure)", column: file.column)
    }
}
