import ReactorCore
import StateDiff

/// Turns what happens in a session into output: the text blocks of SPEC §4 or JSON Lines events.
@MainActor
final class SessionPrinter {
    let sink: OutputSink
    /// Text or JSON Lines.
    @exclusivity(unchecked) var format: OutputFormat
    /// ANSI colour in text output.
    @exclusivity(unchecked) var colors: Bool {
        didSet { diffRenderer.colors = colors }
    }
    // Unchecked exclusivity: read on every report; the renderer calls back only into the sink.
    @exclusivity(unchecked) private var diffRenderer: TextDiffRenderer

    init(sink: OutputSink, format: OutputFormat, colors: Bool) {
        self.sink = sink
        self.format = format
        self.colors = colors
        self.diffRenderer = TextDiffRenderer(indent: 6, colors: colors)
    }

    // MARK: Events

    /// An action about to be sent (JSON only: text shows the typed line itself).
    func action(reactor: String, name: String, arguments: CommandArguments, origin: LineOrigin) {
        guard format == .json else { return }
        emit([
            StateField("event", .string("action")), StateField("reactor", .string(reactor)),
            StateField("action", .string(name)), StateField("args", arguments.stateValue),
            StateField("line", .int(origin.line)),
        ])
    }

    /// A reduction (or a reset / time-travel step, labelled accordingly) and what it changed.
    func mutation(reactor: String, showReactor: Bool, label: String, changes: [StateChange], elapsed: Duration?) {
        switch format {
        case .text:
            let colors = colors
            let elapsedText = elapsed.map { dim("  (+\(Self.milliseconds($0)))") }
            diffRenderer.withBlock(changes) { block in
                Self.writeMutationHeader(
                    to: &block, reactor: reactor, showReactor: showReactor, label: label, colors: colors,
                    elapsedText: elapsedText)
            } _: { bytes in
                writeBlock(bytes)
            }
        case .json:
            emit([
                StateField("event", .string("mutation")), StateField("reactor", .string(reactor)),
                StateField("mutation", .string(label)), StateField("patch", JSONPatch(changes).jsonValue),
            ])
        }
    }

    /// ``mutation(reactor:showReactor:label:changes:elapsed:)`` for the changes from `old` to `new`,
    /// printed without building the change list when the text renderer can compare and render in one
    /// go (see `TextDiffRenderer.withBlock(from:to:header:_:)`). Returns false, having printed
    /// nothing, when the caller must diff and print the changes itself.
    func mutation(
        reactor: String, showReactor: Bool, label: String, from old: StateValue, to new: StateValue, elapsed: Duration?
    ) -> Bool {
        guard format == .text else { return false }
        let colors = colors
        let elapsedText = elapsed.map { dim("  (+\(Self.milliseconds($0)))") }
        return diffRenderer.withBlock(from: old, to: new) { block in
            Self.writeMutationHeader(
                to: &block, reactor: reactor, showReactor: showReactor, label: label, colors: colors,
                elapsedText: elapsedText)
        } _: { bytes in
            writeBlock(bytes)
        }
    }

    /// The first line of a mutation block: `  · LABEL`, `  · REACTOR: LABEL`, with the elapsed time.
    private static func writeMutationHeader(
        to block: inout TextBuffer, reactor: String, showReactor: Bool, label: String, colors: Bool, elapsedText: String?
    ) {
        block.append("  · " as StaticString)
        if showReactor {
            block.append(reactor)
            block.append(": " as StaticString)
        }
        if colors { block.append("\u{1B}[1m" as StaticString) }
        block.append(label)
        if colors { block.append("\u{1B}[0m" as StaticString) }
        if let elapsedText { block.append(elapsedText) }
        block.append(UInt8(ascii: "\n"))
    }

    /// Writes a text block; its last newline is the sink's (a "\r\n" pair is one character: kept).
    private func writeBlock(_ bytes: UnsafeBufferPointer<UInt8>) {
        var count = bytes.count
        if count >= 2, bytes[count - 1] == 10, bytes[count - 2] != 13 { count -= 1 }
        sink.writeResult(utf8: UnsafeBufferPointer(rebasing: bytes[..<count]))
    }

    /// The result of an `:expect` line.
    func expectation(
        origin: LineOrigin, column: Int, path: String, comparison: String,
        expected: StateValue, actual: StateValue?, ok: Bool, problem: String?
    ) {
        switch format {
        case .text:
            if ok {
                sink.writeResult(colored("  ✓ \(path) \(comparison) \(expected.literal(maxLength: 60))", code: "32"))
            } else {
                var message = "expectation failed: \(path) \(comparison) \(expected.literal(maxLength: 200))"
                if let problem {
                    message += "; \(problem)"
                } else if let actual {
                    message += "; actual: \(actual.literal(maxLength: 200))"
                }
                error(Diagnostic(origin, column: column, message))
            }
        case .json:
            var fields = [
                StateField("event", .string("expect")), StateField("line", .int(origin.line)),
                StateField("ok", .bool(ok)), StateField("path", .string(path)),
                StateField("op", .string(comparison)), StateField("expected", expected),
                StateField("actual", actual ?? .null),
            ]
            if let problem { fields.append(StateField("message", .string(problem))) }
            emit(fields)
        }
    }

    /// An error: stderr in text mode, an `error` event in JSON mode.
    func error(_ diagnostic: Diagnostic) {
        switch format {
        case .text:
            sink.writeError(colored(diagnostic.description, code: "31"))
        case .json:
            emit([
                StateField("event", .string("error")), StateField("source", .string(diagnostic.source)),
                StateField("line", .int(diagnostic.line)), StateField("column", .int(diagnostic.column)),
                StateField("message", .string(diagnostic.message)),
            ])
        }
    }

    /// A whole state, or the value at a path of it (`:state`).
    func state(reactor: String, path: String?, value: StateValue) {
        switch format {
        case .text:
            sink.writeResult(value.prettyText())
        case .json:
            var fields = [StateField("event", .string("state")), StateField("reactor", .string(reactor))]
            if let path, !path.isEmpty { fields.append(StateField("path", .string(path))) }
            fields.append(StateField("state", value))
            emit(fields)
        }
    }

    /// An effect's life event (`:set trace on`).
    func effect(reactor: String, showReactor: Bool, action: String?, event: EffectEvent, elapsed: Duration?) {
        let phase: String
        var failure: String?
        switch event.phase {
        case .started: phase = "started"
        case .finished: phase = "finished"
        case .cancelled: phase = "cancelled"
        case .failed(let error):
            phase = "failed"
            failure = "\(error)"
        }
        switch format {
        case .text:
            var line = "  ⋯ effect #\(event.effectID)"
            if let action { line += " of \(showReactor ? "\(reactor)." : "")\(action)" }
            line += " \(phase) at t=\(Self.milliseconds(event.time))"
            if let elapsed { line += " (+\(Self.milliseconds(elapsed)))" }
            if let failure { line += ": \(failure)" }
            sink.writeResult(dim(line))
        case .json:
            var fields = [
                StateField("event", .string("effect")), StateField("reactor", .string(reactor)),
                StateField("effect", .int(event.effectID)), StateField("phase", .string(phase)),
                StateField("time_ms", .double(Self.millisecondValue(event.time))),
            ]
            if let action { fields.append(StateField("action", .string(action))) }
            if let failure { fields.append(StateField("message", .string(failure))) }
            emit(fields)
        }
    }

    /// Plain informational text (help, listings, history): lines in text mode, an `output` event in JSON.
    func text(_ text: String) {
        switch format {
        case .text: sink.writeResult(text)
        case .json: emit([StateField("event", .string("output")), StateField("text", .string(text))])
        }
    }

    /// The typed line, shown before its output (`run --echo`).
    func echo(prompt: String, line: String, origin: LineOrigin) {
        switch format {
        case .text: sink.writeResult(prompt + line)
        case .json:
            emit([
                StateField("event", .string("input")), StateField("line", .int(origin.line)),
                StateField("text", .string(line)),
            ])
        }
    }

    /// The closing `N passed, N failed` line, or the `summary` event.
    func summary(passed: Int, failed: Int) {
        switch format {
        case .text: sink.writeResult("\(passed) passed, \(failed) failed")
        case .json:
            emit([
                StateField("event", .string("summary")), StateField("passed", .int(passed)),
                StateField("failed", .int(failed)),
            ])
        }
    }

    // MARK: Helpers

    private func emit(_ fields: [StateField]) {
        sink.writeResult(StateValue.object(fields).jsonText)
    }

    private func colored(_ text: String, code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func dim(_ text: String) -> String {
        colored(text, code: "2")
    }

    static func millisecondValue(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// `500ms`, `1500ms`, `0.25ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let value = millisecondValue(duration)
        if value == value.rounded() { return "\(Int(value))ms" }
        return "\((value * 100).rounded() / 100)ms"
    }
}
