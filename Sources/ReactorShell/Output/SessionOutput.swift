#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The printer a session uses now (the format and colour can change with `:set`), and the tally
/// of what was reported through it: failures and expectations, which make the exit status.
@MainActor
final class SessionOutput {
    let sink: OutputSink
    /// The printer in use.
    private(set) var printer: any SessionPrinter
    /// Whether ``printer`` prints anything for an action sent (JSON does, text does not): the
    /// call, with its retains of the printer and the line's origin, is left out when it does not.
    private(set) var printsActions: Bool
    private(set) var format: OutputFormat
    /// The colour choice (`--color`, `:set color`).
    private(set) var colorMode: ColorMode
    /// The width text on standard output is laid out for: nil when it is not a terminal (or in
    /// JSON mode), where nothing is wrapped.
    var layoutWidth: Int? {
        format == .text ? TextLayout.width(of: STDOUT_FILENO, environment: environment) : nil
    }
    private let environment: [String: String]

    /// `:expect` lines that held.
    var passed = 0
    /// `:expect` lines that did not (a malformed `:expect` line among them).
    var failed = 0
    /// Errors reported: failed lines other than expectations (SPEC §2's `N errors`).
    private(set) var errors = 0
    /// Whether any command failed (errors and failed expectations): the exit status is 1 if so.
    private(set) var hadFailure = false
    /// The line being run: where errors are placed, including those that surface from effects.
    var origin = LineOrigin()
    /// Makes `origin` the line being run. The source of a script's lines is the same string
    /// object line after line: then only the line number is stored, without releasing one copy
    /// of the source and retaining another.
    func setOrigin(_ origin: LineOrigin) {
        if self.origin.source == origin.source {
            self.origin.line = origin.line
        } else {
            self.origin = origin
        }
    }
    /// Told of every failure as it is reported: errors and failed expectations, located
    /// (ReactorShellTesting turns each into a test issue at the script's line).
    var failureObserver: ((Diagnostic) -> Void)?
    /// Told of every error and expectation, for the session's journal readers.
    var eventReader: (@MainActor (SessionEvent) -> Void)?

    /// Adds each error and failed expectation to the session's record (``SessionRecord``).
    var recordFailure: (@MainActor (Diagnostic) -> Void)?

    /// Adds each expectation's result, passed or failed, to the session's record (before a failed
    /// one's ``recordFailure``).
    var recordExpectation: (@MainActor (ExpectationResult) -> Void)?

    init(sink: OutputSink, format: OutputFormat, color: ColorMode, environment: [String: String]) {
        self.sink = sink
        self.format = format
        self.colorMode = color
        self.environment = environment
        let printer = Self.makePrinter(format: format, color: color, environment: environment, sink: sink)
        self.printer = printer
        printsActions = !(printer is TextPrinter)
    }

    private func use(_ newPrinter: any SessionPrinter) {
        printer = newPrinter
        printsActions = !(newPrinter is TextPrinter)
    }

    /// `:set format`.
    func setFormat(_ format: OutputFormat) {
        self.format = format
        use(Self.makePrinter(format: format, color: colorMode, environment: environment, sink: sink))
    }

    /// `:set color`.
    func setColor(_ color: ColorMode) {
        colorMode = color
        use(Self.makePrinter(format: format, color: color, environment: environment, sink: sink))
    }

    /// Reports `diagnostic`, counts it as an error and marks the session failed.
    func fail(_ diagnostic: Diagnostic) -> CommandOutcome {
        errors += 1
        return report(failure: diagnostic)
    }

    /// Reports a malformed `:expect` line: it counts as a failed expectation, not as an error.
    func failExpectation(_ diagnostic: Diagnostic) -> CommandOutcome {
        failed += 1
        return report(failure: diagnostic)
    }

    private func report(failure diagnostic: Diagnostic) -> CommandOutcome {
        hadFailure = true
        recordFailure?(diagnostic)
        printer.error(diagnostic)
        failureObserver?(diagnostic)
        eventReader?(SessionEvent(.error(diagnostic)))
        return .failed
    }

    /// Reports `message` at the current line and `column` and marks the session failed.
    func fail(_ message: String, column: Int = 1) -> CommandOutcome {
        fail(Diagnostic(origin, column: column, message))
    }

    /// Counts an expectation's result (a failed one fails the session) and prints it.
    func report(_ result: ExpectationResult) {
        recordExpectation?(result)
        if result.ok {
            passed += 1
        } else {
            failed += 1
            hadFailure = true
            recordFailure?(result.failureDiagnostic)
        }
        printer.expectation(result)
        if let eventReader {
            var event = SessionEvent(.expectation(path: result.path, ok: result.ok))
            event.detail = .expectation(result)
            eventReader(event)
        }
        if !result.ok {
            failureObserver?(result.failureDiagnostic)
            eventReader?(SessionEvent(.error(result.failureDiagnostic)))
        }
    }

    private static func makePrinter(
        format: OutputFormat, color: ColorMode, environment: [String: String], sink: OutputSink
    ) -> any SessionPrinter {
        switch format {
        case .json: return JSONLinesPrinter(sink: sink)
        case .text:
            return TextPrinter(
                sink: sink, colors: usesColor(color, environment: environment),
                terminalEnvironment: TerminalInfo.isTerminal(STDOUT_FILENO) ? environment : nil,
                errorEnvironment: TerminalInfo.isTerminal(STDERR_FILENO) ? environment : nil)
        }
    }

    /// Whether text output is coloured (see `TerminalInfo.colorEnabled`).
    private static func usesColor(_ color: ColorMode, environment: [String: String]) -> Bool {
        TerminalInfo.colorEnabled(choice: color, environment: { environment[$0] })
    }
}
