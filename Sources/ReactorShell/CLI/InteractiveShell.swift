import StateDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive front end: a terminal on standard input, lines edited with readline (or
/// libedit), effects' output printed above the prompt while the user types.
@MainActor
final class InteractiveShell {
    private let session: ShellSession
    private let editor: any LineEditor
    private let sink: OutputSink
    private var lineNumber = 0
    /// The command running now (Ctrl-C cancels it).
    private var running: Task<Void, Never>?
    private var finish: ((Int32) -> Void)?

    private init(session: ShellSession, editor: any LineEditor, sink: OutputSink) {
        self.session = session
        self.editor = editor
        self.sink = sink
    }

    /// Runs the shell until `:quit`, `:exit` or Ctrl-D; returns the exit status.
    static func run(registry: Registry, configuration: ShellConfiguration, sink: OutputSink) async -> Int32 {
        let session = ShellSession(registry: registry, configuration: configuration, sink: sink, interactive: true)
        if let failure = session.loadInitialScene() {
            sink.writeError("\(configuration.identity.name): \(failure)")
            return 2
        }
        let sizeVariable = configuration.identity.historySizeVariable
        let historyLimit: Int
        switch HistoryStore.size(fromEnvironment: configuration.environment[sizeVariable], variable: sizeVariable) {
        case .success(let size): historyLimit = size ?? HistoryStore.defaultLimit
        case .failure(let problem):
            sink.writeError("\(configuration.identity.name): \(problem)")
            return 2
        }
        if let initFile = configuration.initFile {
            switch await runPrelude(initFile, session: session, sink: sink) {
            case .completed: break
            case .quit(let code): return code
            }
        }
        let editor = makeEditor(configuration: configuration, historyLimit: historyLimit, sink: sink)
        let shell = InteractiveShell(session: session, editor: editor, sink: sink)
        return await shell.run(configuration: configuration)
    }

    private enum PreludeOutcome {
        case completed
        case quit(Int32)
    }

    /// `--init FILE`: runs FILE in the session before the first prompt (a failing line is
    /// reported and the prelude goes on; `:quit` in it leaves). An unreadable file is a usage error.
    private static func runPrelude(_ file: String, session: ShellSession, sink: OutputSink) async -> PreludeOutcome {
        let descriptor: Int32
        switch ScriptFile.openForReading(file) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            sink.writeError("\(session.configuration.identity.name): --init: \(error)")
            return .quit(2)
        }
        defer { POSIXIO.closeFile(descriptor) }
        // In a task of its own, which Ctrl-C at a pause in the prelude cancels (as it does a typed command).
        let prelude = Task { await session.runScript(descriptor: descriptor, source: file, echo: false, bail: false) }
        session.useInterrupt { prelude.cancel() }
        let outcome = await prelude.value
        sink.flush()
        switch outcome {
        case .quit(let code): return .quit(code ?? session.exitStatus)
        case .unreadable: return .quit(2)
        case .completed, .bailed, .stopped: return .completed
        }
    }

    private static func makeEditor(configuration: ShellConfiguration, historyLimit limit: Int, sink: OutputSink) -> any LineEditor {
        #if GNUReadline || LibEdit
        let store = HistoryStore.openForShell(configuration: configuration, limit: limit, sink: sink)
        let identity = configuration.identity
        return ReadlineLineEditor(
            history: store, applicationName: identity.name, maximumLineLength: configuration.maximumLineLength)
        #else
        return PlainLineEditor(maximumLineLength: configuration.maximumLineLength)
        #endif
    }

    private func run(configuration: ShellConfiguration) async -> Int32 {
        let stdoutIsTerminal = TerminalInfo.standardOutputIsTerminal
        // Results on a terminal go above the prompt; redirected results go straight to the file.
        sink.flushesEachWrite = true
        if stdoutIsTerminal {
            sink.interceptor = { [editor] text in editor.printAbove(text) }
        }
        sink.errorInterceptor = { [editor] text in editor.printAbove(text, on: .standardError) }
        editor.completionProvider = { [weak session] line, cursor in
            session?.complete(line: line, cursor: cursor) ?? (cursor, [])
        }
        // A pause (`:pause`, `:load --step`) completes and recalls as the prompt does.
        session.usePauseHistory(PauseHistory(entries: { [editor] in editor.historyEntries }, record: { [editor] in editor.addHistory($0) }))
        session.useInterrupt { [weak self] in self?.running?.cancel() }
        printBanner(configuration.identity)
        session.takeLiveViewCommands { [weak self] line in await self?.runFromLiveView(line) ?? .failed }
        if let settings = configuration.liveView, let problem = await session.startLiveView(settings) {
            sink.writeError("\(configuration.identity.name): \(problem)")
        }
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            finish = { [weak self] status in
                guard let self else { return }
                self.finish = nil
                self.editor.stop()
                self.sink.interceptor = nil
                self.sink.errorInterceptor = nil
                continuation.resume(returning: status)
            }
            editor.start(prompt: session.prompt) { [weak self] event in
                self?.handle(event)
            }
        }
        sink.flush()
        return status
    }

    private func printBanner(_ identity: ShellIdentity) {
        var text = identity.greeting
        if let name = session.focusedReactorName { text += " — \(name) loaded" }
        text += ". Type :help for commands, :quit or Ctrl-D to leave."
        let width = TextLayout.width(of: STDERR_FILENO, environment: session.configuration.environment)
        text = (width.map { TextLayout.wrap(text, width: $0) } ?? [text]).joined(separator: "\n") + "\n"
        POSIXIO.writeAll(text, to: 2)
    }

    private func handle(_ event: LineEditorEvent) {
        switch event {
        case .line(let line):
            var entry = Substring(line)
            while let last = entry.last, last == " " || last == "\t" { entry.removeLast() }
            editor.addHistory(String(entry))
            lineNumber += 1
            let origin = LineOrigin(source: "<stdin>", line: lineNumber)
            SignalSafeOutput.source = origin.source
            SignalSafeOutput.line = lineNumber
            editor.pause()
            running = Task { [weak self] in
                guard let self else { return }
                let outcome = await self.session.execute(line: line, origin: origin, waitAfterAction: false)
                self.running = nil
                if case .quit(let code) = outcome {
                    self.finish?(code ?? 0)
                    return
                }
                self.editor.setPrompt(self.session.prompt)
                self.editor.resume()
            }
        case .interrupt:
            running?.cancel()
        case .endOfInput:
            running?.cancel()
            finish?(0)
        // A skipped line keeps its number, so the lines after it are numbered as the editor read them.
        case .invalidUTF8:
            lineNumber += 1
            sink.writeError("<stdin>:\(lineNumber):1: invalid UTF-8 in this line; the line was skipped")
        case .tooLong:
            lineNumber += 1
            sink.writeError("<stdin>:\(lineNumber):1: \(ShellConfiguration.lineTooLongMessage(session.configuration.maximumLineLength))")
        }
    }

    /// A line sent from the live view's page: shown after the prompt and run as if typed, once
    /// the line running now (if any) has finished.
    private func runFromLiveView(_ line: String) async -> CommandOutcome {
        while let typed = running { await typed.value }
        var outcome = CommandOutcome.succeeded
        let task = Task { [weak self] in
            guard let self else { return }
            self.lineNumber += 1
            let origin = LineOrigin(source: "<stdin>", line: self.lineNumber)
            self.editor.pause()
            if let refused = self.session.refuseOverlongPageCommand(line, origin: origin) {
                outcome = refused  // said, not shown after the prompt
            } else {
                self.editor.printAbove(self.session.prompt + line)
                outcome = await self.session.execute(line: line, origin: origin, waitAfterAction: false)
                if case .quit(let code) = outcome {
                    self.finish?(code ?? 0)
                    return
                }
            }
            self.editor.setPrompt(self.session.prompt)
            self.editor.resume()
        }
        running = task
        await task.value
        if running == task { running = nil }
        return outcome
    }
}
