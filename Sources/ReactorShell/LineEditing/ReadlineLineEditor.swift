#if GNUReadline
import CReadline
#elseif LibEdit
import CEditline
#endif
#if GNUReadline || LibEdit
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive line editor: GNU readline (or libedit with the `LibEdit` trait) through
/// its callback interface, driven by a dispatch read source on stdin on the main queue.
///
/// Because it never blocks in `readline()`, effect tasks on the main actor run between
/// keystrokes and can print with `printAbove(_:)`. Signals are handled on the main queue too:
/// Ctrl-C (SIGINT) discards the half-typed line, shows a fresh prompt and reports
/// `.interrupt`; SIGTERM and SIGHUP restore the terminal and then end the process with the
/// signal; SIGTSTP (Ctrl-Z) restores the terminal before stopping and redraws on return;
/// SIGWINCH resizes. `exit()` restores the terminal through an `atexit` handler.
///
/// Only one instance can edit at a time (readline's state is global).
@MainActor
public final class ReadlineLineEditor: LineEditor {
    /// Which library this build edits lines with: `"GNU readline"` or `"libedit"`.
    public static var libraryName: String { rs_is_gnu_readline() != 0 ? "GNU readline" : "libedit" }

    /// The editor readline's C callbacks reach (they cannot capture context).
    static weak var active: ReadlineLineEditor?

    /// The completion provider used on Tab, or `nil` for no completion (never file names
    /// unless the provider returns them).
    public var completionProvider: LineCompletionProvider?

    private enum Phase { case idle, editing, paused, stopped }

    private let history: HistoryStore?
    private let promptOnStandardError: Bool
    private var phase = Phase.idle
    private var handler: LineEditorEventHandler?
    private var prompt = ""
    private var inputSource: DispatchSourceRead?
    private var signals: ReadlineSignalHandling?
    /// True while readline is calling the line handler (it redraws the prompt afterwards).
    private var insideLineHandler = false
    /// Lines of a multi-line paste not yet delivered because the session paused the editor.
    private var pendingLines: [TypedLine] = []
    /// The longest line delivered, in bytes (`--max-line-length`); a longer one is `.tooLong`.
    private let maximumLineLength: Int
    /// The lines delivered so far (valid or not), which numbers an invalid one.
    private var deliveredLineCount = 0
    /// The half-typed line saved by `pause()` outside the line handler, with its cursor.
    private var savedLine: (text: String, point: Int32)?
    private var lastHistoryEntry: String?
    /// The lines in readline's history, oldest first: the store's when it started, then those added.
    public private(set) var historyEntries: [String] = []
    private var historyFailureReported = false
    /// readline's `rl_readline_name`, which `$if` in `~/.inputrc` tests.
    private let applicationName: String
    /// Completion state shared with the C callbacks during one completion.
    var completionSession = ReadlineCompletionSession()

    /// Creates an editor that records history in `history` (already loaded; its entries are
    /// put into readline's in-memory history on `start`). Prompt and editing go to stderr
    /// when `promptOnStandardError` is true: by default when stdout is not a terminal.
    /// `applicationName` is what `$if` tests in `~/.inputrc` (the shell's name). A typed line over
    /// `maximumLineLength` bytes (`--max-line-length`; 1 MiB by default) arrives as `.tooLong`, as
    /// it would from a script, and stays out of the history.
    public init(history: HistoryStore? = nil,
                promptOnStandardError: Bool = !TerminalInfo.standardOutputIsTerminal,
                applicationName: String = "reactor-shell",
                maximumLineLength: Int = ShellConfiguration().maximumLineLength) {
        self.history = history
        self.maximumLineLength = maximumLineLength
        self.promptOnStandardError = promptOnStandardError
        self.applicationName = applicationName
    }

    /// Shows `prompt` and delivers events to `handler` from the main queue until `stop()`.
    public func start(prompt: String, handler: @escaping LineEditorEventHandler) {
        precondition(phase == .idle, "a ReadlineLineEditor starts once")
        precondition(ReadlineLineEditor.active == nil, "another ReadlineLineEditor is running")
        ReadlineLineEditor.active = self
        self.prompt = prompt
        self.handler = handler
        ReadlineConfiguration.applyOnce(promptOnStandardError: promptOnStandardError, applicationName: applicationName)
        loadHistoryIntoReadline()
        signals = ReadlineSignalHandling(editor: self)
        phase = .editing
        installLineHandler()
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readAvailableInput() }
        }
        inputSource = source
        source.resume()
    }

    /// Replaces the prompt; redrawn at once when the user is typing.
    public func setPrompt(_ prompt: String) {
        self.prompt = prompt
        guard phase == .editing else { return }
        let marked = ReadlinePromptMarkup.markInvisibleSequences(prompt)
        _ = rl_set_prompt(marked)
        if !insideLineHandler {
            redrawLine()
        }
    }

    /// Prints `text` on `stream` above the prompt, keeping the half-typed line and its cursor.
    public func printAbove(_ text: String, on stream: LineEditorOutputStream) {
        let output = text.hasSuffix("\n") ? text : text + "\n"
        let write = stream == .standardOutput ? rs_write_to_stdout : rs_write_to_stderr
        guard phase == .editing, !insideLineHandler else {
            write(output)
            return
        }
        rs_clear_visible_line()
        write(output)
        redrawLine()
    }

    /// Records `line` in readline's history and in the history store (skipping blank lines
    /// and consecutive duplicates). A failing history file is reported once on stderr.
    public func addHistory(_ line: String) {
        let entry = HistoryStore.normalizedEntry(line)
        guard !entry.allSatisfy({ $0 == " " || $0 == "\t" }), entry != lastHistoryEntry else { return }
        lastHistoryEntry = entry
        add_history(entry)
        using_history()
        historyEntries.append(entry)
        if historyEntries.count > (history?.limit ?? HistoryStore.defaultLimit) { historyEntries.removeFirst() }
        do {
            try history?.append(entry)
        } catch {
            reportHistoryFailure(error)
        }
    }

    /// Hides the prompt and stops reading keys while a command runs; Ctrl-C still arrives as
    /// `.interrupt`. The terminal stays in the editor's mode, so keys typed meanwhile are not
    /// echoed and wait as typed (Ctrl-D, Ctrl-R, arrows) for the next prompt.
    public func pause() {
        guard phase == .editing else { return }
        phase = .paused
        inputSource?.suspend()
        if !insideLineHandler {
            let text = currentLineText()
            savedLine = text.isEmpty ? nil : (text, rs_point())
            rs_clear_visible_line()
        }
        rl_callback_handler_remove()
        rs_prepare_terminal()
    }

    /// Shows the prompt again (with the line saved by `pause()`) and reads keys again.
    public func resume() {
        guard phase == .paused else { return }
        phase = .editing
        inputSource?.resume()
        installLineHandler()
        deliverPendingLines()
        readTypedAheadInput()
    }

    /// Keys typed while paused may not wake the resumed read source: look for them.
    private func readTypedAheadInput() {
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.phase == .editing, LineEditingPolling.isReadable(STDIN_FILENO) else { return }
                self.readAvailableInput()
            }
        }
    }

    /// Stops editing for good: removes the sources, restores the terminal and the default
    /// signal actions, and moves to a fresh line. Safe to call more than once.
    public func stop() {
        guard phase != .stopped, phase != .idle else {
            phase = .stopped
            return
        }
        let wasEditing = phase == .editing && !insideLineHandler
        if phase == .paused { inputSource?.resume() }  // a suspended source cannot be cancelled
        phase = .stopped
        inputSource?.cancel()
        inputSource = nil
        signals?.cancel()
        signals = nil
        rs_restore_terminal()  // also when paused: the terminal was kept in the editor's mode
        if wasEditing {
            rs_write_to_output("\n")
        }
        pendingLines = []
        handler = nil
        ReadlineLineEditor.active = nil
    }

    // MARK: - Called by readline's callbacks and the signal handling

    /// Input may be waiting on stdin: let readline consume it, one character per call, until
    /// none is left. (The read source does not promise to fire again for bytes that were
    /// already there, so everything available is read now; a long paste is read in turns so
    /// effects still run in between.) Readiness is checked before every character, the first
    /// included: the read source's handler can run after ``readTypedAheadInput()`` has already
    /// read what woke it, and readline's blocking read would then stall the main actor (effects
    /// stop printing) until the next key.
    private func readAvailableInput() {
        var charactersThisTurn = 0
        while phase == .editing && !insideLineHandler && LineEditingPolling.isReadable(STDIN_FILENO) {
            rl_callback_read_char()
            charactersThisTurn += 1
            if charactersThisTurn >= 4_096 {
                readTypedAheadInput()
                return
            }
        }
    }

    /// readline finished a line, as its bytes (`nil`: end of input).
    func lineCompleted(_ bytes: [UInt8]?) {
        guard let bytes else {
            rl_callback_handler_remove()
            rs_write_to_output("\n")
            deliver(.endOfInput)
            return
        }
        insideLineHandler = true
        defer { insideLineHandler = false }
        pendingLines = ReadlineLineEditor.splitPastedLines(bytes, maximumLineLength: maximumLineLength)
        deliverPendingLines()
        if phase == .paused {
            rl_callback_handler_remove()
        }
    }

    /// Ctrl-C: drop the half-typed line (and a running search), show a fresh prompt, report.
    func interrupt() {
        pendingLines = []
        #if LibEdit
        if phase == .editing && !insideLineHandler {
            // libedit cannot replace its line from outside; installing the handler again starts
            // a fresh, empty line (and leaves a running incremental search).
            rs_write_to_output("^C\n")
            rl_callback_handler_remove()
            using_history()
            installLineHandler()
            deliver(.interrupt)
            return
        }
        #endif
        if phase == .editing && !insideLineHandler {
            rs_interrupt_cleanup()
            rs_set_point(rs_end())
            rl_redisplay()
            rs_write_to_output("^C\n")
            rl_replace_line("", 0)
            using_history()  // Up and Ctrl-R start again from the newest entry
            _ = rl_on_new_line()
            rl_redisplay()
        } else if phase == .paused {
            rs_write_to_output("^C\n")  // echo is off while paused; start output on a fresh line
        }
        deliver(.interrupt)
    }

    /// The terminal was resized.
    func terminalResized() {
        if phase == .editing { rl_resize_terminal() }
    }

    /// Ctrl-Z: give the terminal back before the process stops, take it again afterwards.
    func suspendProcess(stop: () -> Void) {
        let editing = phase == .editing && !insideLineHandler
        var saved: (text: String, point: Int32)?
        if editing {
            let text = currentLineText()
            saved = text.isEmpty ? nil : (text, rs_point())
            rl_callback_handler_remove()
            rs_write_to_output("\n")
        }
        let paused = phase == .paused
        // Removing the handler no longer gives the terminal back (see ReadlineConfiguration).
        if paused || editing { rs_deprepare_terminal() }
        stop()
        if paused { rs_prepare_terminal() }
        if editing {
            savedLine = saved
            installLineHandler()
        }
    }

    /// SIGTERM or SIGHUP: restore the terminal; the caller then ends the process.
    func terminate() {
        stop()
    }

    // MARK: - Helpers

    private func deliver(_ event: LineEditorEvent) {
        handler?(event)
    }

    private func deliverPendingLines() {
        while phase == .editing, !pendingLines.isEmpty {
            deliveredLineCount += 1
            switch pendingLines.removeFirst() {
            case .text(let line): deliver(.line(line))
            case .invalidUTF8: deliver(.invalidUTF8(lineNumber: deliveredLineCount))
            case .tooLong: deliver(.tooLong(lineNumber: deliveredLineCount))
            }
        }
    }

    private func installLineHandler() {
        let marked = ReadlinePromptMarkup.markInvisibleSequences(prompt)
        rl_callback_handler_install(marked) { line in
            // The bytes as typed: decoding here would repair invalid UTF-8 silently.
            let bytes = line.map { POSIXIO.bytes(ofCString: $0) }
            free(line)
            MainActor.assumeIsolated { ReadlineLineEditor.active?.lineCompleted(bytes) }
        }
        if let savedLine {
            self.savedLine = nil
            _ = rl_insert_text(savedLine.text)
            rs_set_point(min(savedLine.point, rs_end()))  // libedit: stays at the end
            redrawLine()
        }
    }

    private func redrawLine() {
        rs_redraw_line()
    }

    private func currentLineText() -> String {
        guard let buffer = rs_line_buffer() else { return "" }
        return String(decoding: POSIXIO.bytes(ofCString: buffer, count: Int(rs_end())), as: UTF8.self)
    }

    private func loadHistoryIntoReadline() {
        guard let history else { return }
        using_history()
        for entry in history.entries {
            add_history(entry)
        }
        lastHistoryEntry = history.entries.last
        historyEntries = history.entries
        stifle_history(Int32(clamping: history.limit))
    }

    private func reportHistoryFailure(_ error: HistoryStoreError) {
        guard !historyFailureReported else { return }
        historyFailureReported = true
        let message = "\(applicationName): history not saved: \(error)\n"
        let redraw = phase == .editing && !insideLineHandler
        if redraw { rs_clear_visible_line() }
        POSIXIO.writeAll(message, to: STDERR_FILENO)
        if redraw { redrawLine() }
    }

    /// One line of what readline returned, as it is delivered.
    enum TypedLine: Equatable {
        case text(String)
        /// Not valid UTF-8 (batch input rejects such a line too; SPEC §6).
        case invalidUTF8
        /// Over the line limit (checked first, as batch input does).
        case tooLong
    }

    /// Splits the bytes of a line that contains pasted line breaks into its lines (blank ones
    /// dropped); a line without breaks is returned as it is, even when empty. A line over
    /// `maximumLineLength` bytes is `.tooLong`, one that is not valid UTF-8 `.invalidUTF8`.
    static func splitPastedLines(_ bytes: [UInt8], maximumLineLength: Int = .max) -> [TypedLine] {
        let typed = { (line: ArraySlice<UInt8>) -> TypedLine in
            if line.count > maximumLineLength { return .tooLong }
            return String(validating: line, as: UTF8.self).map(TypedLine.text) ?? .invalidUTF8
        }
        let isBreak = { (byte: UInt8) in byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        guard bytes.contains(where: isBreak) else { return [typed(bytes[...])] }
        return bytes.split(whereSeparator: isBreak)
            .filter { !$0.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
            .map(typed)
    }
}
#endif
