import LiveViewPage
import StateDiff

extension SessionRunner {
    // MARK: Export (`:save`, `:diagram`): all read the session's record

    /// `:save [--expect | --transcript | --html] FILE`: writes the session so far as a script that
    /// replays it, as that script followed by `:expect` lines for what it changed, as a Markdown
    /// transcript of what the terminal showed, or as the live view's page.
    func save(to file: LocatedText, kind: MetaCommand.SaveKind) async -> CommandOutcome {
        let record = recorder.record
        let script = record.script
        if script.overflowed {
            return output.fail("the session is too long to save (over \(ReplayScript.limit) commands)", column: file.column)
        }
        let name = configuration.identity.name
        let text: String
        let summary: String
        switch kind {
        case .script:
            text = script.text(savedAs: file.text, shellName: name)
            summary = "saved \(String.counted(script.count, "command")) to \(file.text)"
        case .expectations:
            let expectations = expectationLines()
            text = script.text(savedAs: file.text, shellName: name)
                + (expectations.isEmpty ? "" : "# what the session changed:\n" + expectations.joined(separator: "\n") + "\n")
            summary = "saved \(String.counted(script.count, "command")) and \(String.counted(expectations.count(where: { $0.hasPrefix(":expect") }), "expectation")) to \(file.text)"
        case .transcript:
            guard let transcript = transcriptText() else { return tooLongToExport(column: file.column) }
            text = transcript.text
            summary = "saved a transcript of \(String.counted(transcript.commands, "command")) to \(file.text)"
        case .html:
            let events = exportedLiveEvents()
            text = LiveViewPage.html(embeddedEvents: "[\n" + events.joined(separator: ",\n") + "\n]")
            summary = "saved the live view's page with \(events.count) events to \(file.text)"
        }
        if let failure = write(text, to: file) { return failure }
        output.printer.text(summary)
        return .succeeded
    }

    /// The session as a Markdown transcript and the number of commands it shows (also
    /// `run --transcript`); nil when the session is too long to have been kept whole.
    func transcriptText() -> (text: String, commands: Int)? {
        let record = recorder.record
        guard !record.overflowed else { return nil }
        let events = record.events
        var source = "<stdin>"
        for case .line(let line) in events {
            source = line.origin.source
            break
        }
        return TranscriptWriter.markdown(events, source: source, shellName: configuration.identity.name)
    }

    /// `:diagram [FILE]`: writes the session as a sequence diagram (SVG for a `.svg` FILE,
    /// Mermaid otherwise), or prints it as text when no FILE is given.
    func writeDiagram(to file: LocatedText?) async -> CommandOutcome {
        guard let file else {
            guard let diagram = diagram() else { return tooLongToExport(column: 1) }
            output.printer.text(diagram.textView(width: output.layoutWidth ?? SequenceDiagram.defaultTextWidth))
            return .succeeded
        }
        guard let text = diagramText(forFile: file.text) else { return tooLongToExport(column: file.column) }
        if let failure = write(text, to: file) { return failure }
        output.printer.text("saved a sequence diagram to \(file.text)")
        return .succeeded
    }

    /// The session's sequence diagram as the text of file `path`: SVG for a `.svg` path, Mermaid
    /// otherwise (also `run --diagram`); nil when the session is too long to have been kept whole.
    func diagramText(forFile path: String) -> String? {
        guard let diagram = diagram() else { return nil }
        return path.lowercased().hasSuffix(".svg") ? diagram.svg : diagram.mermaid
    }

    /// The session's sequence diagram, if the record holds all of it.
    private func diagram() -> SequenceDiagram? {
        let record = recorder.record
        return record.overflowed ? nil : SequenceDiagram(record.events)
    }

    private func tooLongToExport(column: Int) -> CommandOutcome {
        output.fail(
            "the session is too long to draw or transcribe (over \(ReplayScript.limit) lines, "
                + "\(SessionRecord.entryLimit) events or \(OutputCapture.limit >> 20) MiB of output)",
            column: column)
    }

    /// The `:expect` lines for the values the current scene changed since its `:use`.
    private func expectationLines() -> [String] {
        var lines: [String] = []
        for (index, reactor) in scene.reactors.enumerated() {
            guard index < recorder.sceneInitialStates.count, let initial = recorder.sceneInitialStates[index],
                  let current = try? reactor.state.value() else { continue }
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
