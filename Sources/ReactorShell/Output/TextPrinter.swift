#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StateDiff

/// The text output of SPEC §4: mutation blocks with their diff lines, `✓` lines for expectations
/// that hold, errors on stderr; ANSI colour when asked for.
@MainActor
final class TextPrinter: SessionPrinter {
    let sink: OutputSink
    let colors: Bool
    /// Renders the diff lines (set once: a `let` needs no exclusivity check when read on every report).
    let diffRenderer: TextDiffRenderer
    /// The environment to read `COLUMNS` from when results go to a terminal, whose width they are
    /// laid out for (SPEC §9.1); nil when they do not, and nothing is wrapped.
    private let terminalEnvironment: [String: String]?
    /// The same for errors, when standard error is a terminal.
    private let errorEnvironment: [String: String]?

    /// A printer writing to `sink`; `terminalEnvironment` and `errorEnvironment` as
    /// ``terminalEnvironment`` and ``errorEnvironment`` say.
    init(
        sink: OutputSink, colors: Bool, terminalEnvironment: [String: String]? = nil,
        errorEnvironment: [String: String]? = nil
    ) {
        self.sink = sink
        self.colors = colors
        self.terminalEnvironment = terminalEnvironment
        self.errorEnvironment = errorEnvironment
        self.diffRenderer = TextDiffRenderer(indent: 6, colors: colors)
    }

    /// Nothing: text output shows the typed line instead.
    func action(of reactor: any ShellReactor, name: String, arguments: CommandArguments, origin: LineOrigin) {}

    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange]
    ) {
        withMutationBlock(
            of: reactor, sceneHasSeveral: sceneHasSeveral, label: label, elapsed: elapsed, cause: cause,
            changes: changes
        ) { bytes in
            writeBlock(bytes)
        }
    }

    /// Builds a mutation block (its header, then the lines for `changes`) and gives `emit` its bytes.
    func withMutationBlock(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange], _ emit: (Span<UInt8>) -> Void
    ) {
        let colors = colors
        let elapsedText = elapsed.map { elapsedSuffix($0) }
        let causeText = causeSuffix(cause)
        diffRenderer.withBlock(changes) { block in
            Self.writeHeader(
                to: &block, reactor: sceneHasSeveral ? reactor : nil, label: label, colors: colors,
                elapsedText: elapsedText, causeText: causeText)
        } _: { bytes in
            emit(bytes)
        }
    }

    /// Compares and renders in one pass when the renderer can (see
    /// `TextDiffRenderer.withBlock(from:to:header:_:)`: objects with the same keys whose changed
    /// fields are leaves); anything else is left to the general path, whose text is the same.
    /// The header goes to the renderer as its pieces, written there (no closure, no copies).
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue
    ) -> Bool {
        // The cause is looked at where it is: unwrapped into a local, it was copied (88 bytes) for
        // every block.
        if !sceneHasSeveral && elapsed == nil && cause?.isShown != true {
            // The usual batch line's header: no optional piece left to release afterwards.
            return diffRenderer.withBlock(
                from: old, to: new, lead: "  · ", name: nil, label: label, suffix: nil, secondSuffix: nil
            ) { bytes in
                writeBlock(bytes)
            }
        }
        return diffRenderer.withBlock(
            from: old, to: new, lead: "  · ", name: sceneHasSeveral ? reactor.name : nil, label: label,
            suffix: elapsed.map { elapsedSuffix($0) }, secondSuffix: causeSuffix(cause)
        ) { bytes in
            writeBlock(bytes)
        }
    }

    /// The same, listing the changes in the same pass (the renderer's
    /// `withBlock(from:to:…listingInto:_:)`); the header as above.
    func mutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, from old: StateValue, to new: StateValue, listingInto changes: inout [StateChange]
    ) -> Bool {
        if !sceneHasSeveral && elapsed == nil && cause?.isShown != true {
            return diffRenderer.withBlock(
                from: old, to: new, lead: "  · ", name: nil, label: label, suffix: nil, secondSuffix: nil,
                listingInto: &changes
            ) { bytes in
                writeBlock(bytes)
            }
        }
        return diffRenderer.withBlock(
            from: old, to: new, lead: "  · ", name: sceneHasSeveral ? reactor.name : nil, label: label,
            suffix: elapsed.map { elapsedSuffix($0) }, secondSuffix: causeSuffix(cause), listingInto: &changes
        ) { bytes in
            writeBlock(bytes)
        }
    }

    /// `  ← CAUSE` for a cause the text shows, else nil. In colour, not dim: a lesson tells the
    /// room to look for it.
    func causeSuffix(_ cause: MutationCause?) -> String? {
        guard let cause, cause.isShown else { return nil }
        return colored("  ← " + cause.text, code: "35")
    }

    /// `  (+500ms)`: how long after its action a mutation arrived (trace).
    private func elapsedSuffix(_ elapsed: Duration) -> String {
        colored("  (+\(DurationText.milliseconds(elapsed)))", code: "36")
    }

    /// The first line of a mutation block: `  · LABEL`, or `  · REACTOR: LABEL` when `reactor` is
    /// given, with the elapsed time and the cause.
    static func writeHeader(
        to block: inout TextBuffer, reactor: (any ShellReactor)?, label: String, colors: Bool, elapsedText: String?,
        causeText: String?
    ) {
        block.append("  · " as StaticString)
        if let reactor {
            block.append(reactor.name)
            block.append(": " as StaticString)
        }
        if colors { block.append("\u{1B}[1m" as StaticString) }
        block.append(label)
        if colors { block.append("\u{1B}[0m" as StaticString) }
        if let elapsedText { block.append(elapsedText) }
        if let causeText { block.append(causeText) }
        block.append(UInt8(ascii: "\n"))
    }

    /// `  · (no mutation)`: the typed action changed nothing anywhere.
    func noMutation(of reactor: any ShellReactor, sceneHasSeveral: Bool, action: String, step: Int) {
        sink.writeResult("  · (no mutation)")
    }

    /// Writes a text block; its last newline is the sink's (a "\r\n" pair is one character: kept).
    private func writeBlock(_ bytes: Span<UInt8>) {
        var count = bytes.count
        if count >= 2, bytes[count - 1] == 10, bytes[count - 2] != 13 { count -= 1 }
        let block = bytes.extracting(0..<count)
        if terminalEnvironment != nil { return writeLaidOut(block) }
        sink.writeResult(utf8: block)
    }

    /// A text block for a terminal: its lines laid out for its width (kept apart from
    /// ``writeBlock(_:)``, which every mutation of a batch run goes through).
    private func writeLaidOut(_ block: Span<UInt8>) {
        writeResult(String(decodingUTF8: block))
    }

    /// Writes result lines, each wider than the terminal broken at a word with a hanging indent.
    private func writeResult(_ text: String) {
        if let terminalEnvironment, let width = TextLayout.width(of: STDOUT_FILENO, environment: terminalEnvironment) {
            sink.writeResult(TextLayout.hangingLines(text, width: width))
        } else {
            sink.writeResult(text)
        }
    }

    func expectation(_ result: ExpectationResult) {
        if result.ok {
            writeResult(colored(
                "  ✓ \(result.path) \(result.comparison) \(result.expected.literal(maxLength: 60))", code: "32"))
            return
        }
        // On stdout too (SPEC §8), so that `run x.rsh > log` records the failure with the results.
        let shortfall = result.shortfall.map { " (\($0))" } ?? ""
        writeResult(colored("  ✗ \(result.claim(maxLength: 60))\(shortfall)", code: "31"))
        error(result.failureDiagnostic)
    }

    /// On standard error, broken at a word with a hanging indent when it is a terminal narrower
    /// than the message.
    func error(_ diagnostic: Diagnostic) {
        var text = diagnostic.description.visibleOnOneLine
        if let errorEnvironment { text = TextLayout.forStandardError(text, environment: errorEnvironment) }
        sink.writeError(colored(text, code: "31"))
    }

    func state(reactor: String, path: String?, value: StateValue) {
        writeResult(value.prettyText())
    }

    /// An indented tree: each reactor's name, then its state two blanks in.
    func sceneState(_ states: [(reactor: String, value: StateValue)]) {
        let text = states.map { reactor, value in
            let body = value.prettyText(width: 78).split(separator: "\n", omittingEmptySubsequences: false)
            return "\(reactor):\n" + body.map { "  " + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
        writeResult(text)
    }

    func effect(_ report: EffectReport) {
        if let by = report.cancelledBy {
            // Not dim: a cancellation is what a lesson on effects is about.
            var line = "  ⊘ effect #\(report.effectNumber)"
            if let action = report.actionName { line += " of \(action)" }
            writeResult(colored(line + " cancelled by \(by)", code: "33"))
        }
        guard report.traced else { return }
        let (phase, failure) = report.phase
        var line = "  ⋯ effect #\(report.effectNumber)"
        if let action = report.action { line += " of \(report.sceneHasSeveral ? "\(report.reactor)." : "")\(action)" }
        line += " \(phase) at t=\(DurationText.milliseconds(report.time))"
        if let elapsed = report.elapsed { line += " (+\(DurationText.milliseconds(elapsed)))" }
        if let failure { line += ": \(failure)" }
        writeResult(colored(line, code: "36"))
    }

    /// `  ● break: …`, in bold yellow: the run stops here.
    func breakFired(_ line: String) {
        writeResult(colored(line, code: "1;33"))
    }

    /// Text as it is, each line wider than the terminal broken at a word with a hanging indent
    /// (`:history`, `:set`, …; listings with columns are laid out before they get here).
    func text(_ text: String) {
        writeResult(text.visibleEscapingControls)
    }

    func echo(prompt: String, line: String, origin: LineOrigin) {
        sink.writeResult(prompt + line.visibleEscapingControls)
    }

    func summary(passed: Int, failed: Int, errors: Int) {
        sink.writeResult("\(passed) passed, \(failed) failed, \(errors) errors")
    }

    private func colored(_ text: String, code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
