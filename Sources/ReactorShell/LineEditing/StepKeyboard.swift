#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a person answered at a pause of a stepping run (or at `:pause`).
enum PauseAnswer: Equatable {
    /// Enter: go on (run the line shown).
    case proceed
    /// `s`: skip the line shown.
    case skip
    /// `c`: run the rest without stopping.
    case continueToEnd
    /// `q`, Ctrl-D, or the terminal went away: stop the script.
    case stop
    /// A line starting with `:`, typed at the pause, to run before the pause comes back.
    case command(String)
    /// Ctrl-C (interactively; in a batch run Ctrl-C ends the process as SIGINT does).
    case interrupt
    /// `b`: step back (undo the line run before this one and show it again).
    case back
}

/// The history a pause recalls with Up and Down and records its typed lines in: the interactive
/// shell's own (its line editor's, or the same file in a `run --step`).
@MainActor
package struct PauseHistory {
    /// The lines, oldest first.
    var entries: () -> [String]
    /// Records a line typed at a pause.
    var record: (String) -> Void

    /// A history read by `entries` and recorded in by `record`.
    package init(entries: @escaping () -> [String], record: @escaping (String) -> Void) {
        self.entries = entries
        self.record = record
    }
}

/// The keys of a person at the terminal on standard input, read while a script waits for them
/// (`run --step`, `:load --step`, `:pause`), and the display the pauses are drawn on: standard
/// output when it is the terminal, else standard error (as for the interactive prompt).
///
/// Only while it waits does it change the terminal's mode: no echo, no line buffering, and no
/// signal keys, so Ctrl-C arrives as a key. It then ends a batch run as SIGINT would (exit 130,
/// what was printed flushed) and interrupts the running command interactively (a `:load`
/// stops, as Ctrl-C does while its lines run). Keys are polled, so a waiting script lets the
/// main actor run effects and the interactive shell's signal handling in between.
@MainActor
final class StepKeyboard {
    /// Where keys come from.
    private let input: Int32 = STDIN_FILENO
    /// Where pauses are drawn.
    let display: Int32
    /// Whether the interactive shell runs the script (Ctrl-C interrupts the command, not the process).
    let interactive: Bool
    private let sink: OutputSink
    /// Bytes read but not yet handed out (a paste, an escape sequence).
    private var pending: [UInt8] = []

    /// Whether the display takes colour (narration is coloured).
    let colors: Bool
    /// The display's width for narration (nil: not a terminal, lines shown as written).
    let width: Int?
    /// Tab's completions for a line typed at a pause: the interactive shell's own.
    var completionProvider: LineCompletionProvider?
    /// Up and Down at a pause, and where its typed lines are recorded.
    var history: PauseHistory?
    /// What Ctrl-C at a pause does interactively besides answering `.interrupt`: the interactive
    /// shell cancels the task that runs the command (see ``ShellSession/useInterrupt(_:)``).
    var interruptCommand: () -> Void = {}

    /// A keyboard on standard input; nil when standard input is not a terminal. `color` and
    /// `environment` decide colour on the display as for results (``TerminalInfo/colorEnabled``).
    init?(interactive: Bool, sink: OutputSink, color: ColorMode, environment: [String: String]) {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        self.interactive = interactive
        self.sink = sink
        let display = isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : STDERR_FILENO
        self.display = display
        colors = TerminalInfo.colorEnabled(
            choice: color, standardOutputIsTerminal: isatty(display) == 1, environment: { environment[$0] })
        width = TextLayout.width(of: display, environment: environment)
        pending.reserveCapacity(64)
    }

    /// Whether pauses are drawn on standard output (then a `--echo` line would repeat them).
    var drawsOnStandardOutput: Bool { display == STDOUT_FILENO }

    /// Writes `text` on the display after the results printed so far.
    func show(_ text: String) {
        sink.flush()
        _ = POSIXIO.writeAll(text, to: display)
    }

    /// Draws `text` (what the pause shows) and waits for an answer. `stepping`: the stepping keys
    /// (s, b, c, q, `:`) count; otherwise only Enter goes on (and `q`, Ctrl-D stop). `text` is
    /// drawn once the keys are read as typed, so a key pressed as soon as it shows is not echoed
    /// beside it. `prompt` is drawn before a typed `:` command (Up starts one from the history),
    /// and `redraw` (the last line of `text`) after one was abandoned. `autoAdvance`: when no key
    /// comes within it, the answer is Enter's; a key that answers nothing (Space) holds the pause
    /// until one does.
    func answer(
        stepping: Bool, showing text: String, prompt: String, redraw: String, autoAdvance: Duration? = nil
    ) async -> PauseAnswer {
        await withKeysAsTyped {
            show(text)
            if let autoAdvance, await !keyArrives(within: autoAdvance) {
                return Task.isCancelled ? .interrupt : .proceed
            }
            while true {
                guard let key = await nextByte() else { return Task.isCancelled ? .interrupt : .stop }
                // Letters in either case.
                switch (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(key) ? key | 0x20 : key {
                case 0x0D, 0x0A: return .proceed
                case 0x03: return interrupted()
                case 0x04: return .stop
                case UInt8(ascii: "q"): return .stop
                case UInt8(ascii: "s") where stepping: return .skip
                case UInt8(ascii: "b") where stepping: return .back
                case UInt8(ascii: "c") where stepping: return .continueToEnd
                case UInt8(ascii: ":") where stepping:
                    if let line = await typedLine(prompt: prompt, startingWith: ":") { return .command(line) }
                    show("\r\u{1B}[K" + redraw)
                case 0x0C: show(TextLayout.clearScreen + redraw)  // Ctrl-L
                case 0x1B:
                    guard await readEscapeSequence() == .up, stepping, let recalled = historyCommands.last else { continue }
                    if let line = await typedLine(prompt: prompt, startingWith: recalled, recalling: 1) {
                        return .command(line)
                    }
                    show("\r\u{1B}[K" + redraw)
                default: continue
                }
            }
        }
    }

    /// Ctrl-C at a pause: a batch run ends by SIGINT (the terminal restored and the results
    /// written first); the interactive shell's running command is cancelled.
    private func interrupted() -> PauseAnswer {
        show("^C\n")
        if interactive {
            interruptCommand()
            return .interrupt
        }
        restoreTerminal()
        sink.flush()
        // Process-directed and with the default action, as the batch handler would end it: the
        // thread running this may block the signal, so neither `raise` nor the handler will do.
        signal(SIGINT, SIG_DFL)
        kill(getpid(), SIGINT)
        usleep(500_000)
        _exit(128 + SIGINT)
    }

    // MARK: The terminal

    /// The terminal's mode outside the waits, restored after each.
    private var savedMode: termios?

    /// Runs `body` with the terminal delivering each key as typed, without echo or signals.
    private func withKeysAsTyped<Result>(_ body: () async -> Result) async -> Result {
        var mode = termios()
        if tcgetattr(input, &mode) == 0 {
            savedMode = mode
            PausedTerminal.remember(mode, of: input)
            mode.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
            POSIXIO.setControlCharacter(VMIN, to: 1, in: &mode)
            POSIXIO.setControlCharacter(VTIME, to: 0, in: &mode)
            tcsetattr(input, TCSANOW, &mode)
        }
        defer { restoreTerminal() }
        return await body()
    }

    private func restoreTerminal() {
        guard var mode = savedMode else { return }
        savedMode = nil
        PausedTerminal.forget()
        tcsetattr(input, TCSANOW, &mode)
    }

    /// Whether a key comes within `limit` (false too when the task is cancelled); the key is
    /// left for ``nextByte(within:)``.
    private func keyArrives(within limit: Duration) async -> Bool {
        guard pending.isEmpty else { return true }
        guard let byte = await nextByte(within: limit) else { return false }
        pending.insert(byte, at: 0)
        return true
    }

    /// The next byte typed; nil at end of input, when the task is cancelled, or when nothing
    /// came `within` the limit. Polls, sleeping between polls, so the main actor stays free.
    func nextByte(within limit: Duration? = nil) async -> UInt8? {
        if !pending.isEmpty { return pending.removeFirst() }
        let start = ContinuousClock.now
        while !Task.isCancelled {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) > 0 {
                var chunk = [UInt8](repeating: 0, count: 64)
                let count = read(input, &chunk, chunk.count)
                if count > 0 {
                    pending.append(contentsOf: chunk[1..<count])
                    return chunk[0]
                }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return nil  // end of input, or the terminal is gone
            }
            if let limit, ContinuousClock.now - start >= limit { return nil }
            do {
                try await Task.sleep(for: .milliseconds(15))
            } catch {
                return nil
            }
        }
        return nil
    }
}

/// The terminal mode to put back if the process ends by a signal (SIGTERM, SIGHUP) while a pause
/// has the terminal in its own mode: kept where a signal handler can read it without locks.
enum PausedTerminal {
    /// The mode to put back, and the descriptor whose mode it is (-1 when no pause holds the terminal).
    private static let saved = FixedCell((mode: termios(), descriptor: Int32(-1)))

    /// A pause changed `descriptor`'s mode, which was `mode`.
    @MainActor
    static func remember(_ mode: termios, of descriptor: Int32) {
        saved.value.descriptor = -1
        saved.value.mode = mode
        saved.value.descriptor = descriptor
    }

    /// The pause put the mode back itself.
    @MainActor
    static func forget() {
        saved.value.descriptor = -1
    }

    /// From a signal handler: puts the terminal back as it was before the pause, if one holds it
    /// (`tcsetattr` is async-signal-safe).
    static func restoreFromSignalHandler() {
        let descriptor = saved.value.descriptor
        guard descriptor >= 0 else { return }
        var mode = saved.value.mode
        tcsetattr(descriptor, TCSANOW, &mode)
    }
}
