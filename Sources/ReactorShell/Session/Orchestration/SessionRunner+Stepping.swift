/// A stepping run (SPEC §9): `run --step`, `:load --step`, or a script that a `:break` stopped.
/// Before each command line the prompt and the line are shown and a key decides: Enter runs it,
/// `s` skips it, `c` runs the rest without stopping, `q` stops the script; a `:` line typed
/// there runs and the pause comes back. Comment lines are shown as narration.
@MainActor
final class SteppingRun {
    /// The depth of the `:load` that began the run (its `loadStack` count), which ends it when it
    /// returns; 0 for `run --step`, which lasts the whole run.
    let rootDepth: Int
    /// `c` was pressed: lines are shown and run without stopping until a `:break` fires or a
    /// `:load --step` begins.
    var continuing = false
    /// `q` was pressed: the scripts of the run stop.
    var stopRequested = false
    /// Whether the keys have been explained yet (once per run).
    var keysExplained = false
    /// Lines typed at the pauses so far (they are `<stdin>:N` in messages).
    var typedLines = 0
    /// The comment lines of the paragraph of narration being read, shown when it ends.
    var narration: [String] = []
    /// Whether the last thing shown was narration (a blank line then separates paragraphs).
    var narrationShown = false
    /// `run --step-delay`: how long a pause waits before it goes on by itself.
    let autoAdvance: Duration?
    /// The command lines run so far, newest last: where `b` steps back to.
    var linesRun: [SteppedLine] = []

    init(rootDepth: Int, autoAdvance: Duration? = nil) {
        self.rootDepth = rootDepth
        self.autoAdvance = autoAdvance
    }

    /// The line explaining the keys, shown at the first stop.
    var keysHelp: String {
        let keys = "s skips it, b steps back, c runs the rest, q stops; :COMMAND runs a command here."
        guard let autoAdvance else { return "Stepping: Enter runs the line, " + keys }
        return "Stepping every \(DurationSyntax.format(autoAdvance)): Space holds a line, Enter runs it, " + keys
    }
}

/// A command line a stepping run has run, and where the log was before it: `b` undoes it.
struct SteppedLine: Equatable {
    /// The line as written.
    var text: String
    /// Where it is.
    var origin: LineOrigin
    /// The number the log's next step had before the line ran.
    var nextStep: Int
    /// The first step of the scene the line ran in.
    var sceneFirstStep: Int
}

/// What to do with a line of a stepping run.
enum StepDecision: Equatable {
    /// Run it.
    case run
    /// Go on to the next line without running this one.
    case skip
    /// `q`: stop the script (and the files of the run that loaded it).
    case stop
    /// Ctrl-C, interactively: this line and the rest of the file are not run.
    case interrupted
    /// `:quit` / `:exit` typed at the pause.
    case quit(Int32?)
    /// `b`: the scene is back where it was before `line` ran; show it again, then this one.
    case back(SteppedLine)
}

extension SessionRunner {
    /// Shows `text` (line `origin` of a stepping run) and waits for the person's key; narration
    /// and blank lines are shown or passed without waiting.
    func stepBeforeLine(_ text: String, origin: LineOrigin) async -> StepDecision {
        guard let stepping, let keyboard else { return .run }
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        if trimmed.allSatisfy(Self.isBlank) {
            recorder.record.line(text, origin: origin, depth: loadDepth)
            showNarration(endingParagraph: true)
            return .skip
        }
        if trimmed.hasPrefix("#") {
            // Narration is part of the session's record (the transcript's prose), though not run.
            recorder.record.line(text, origin: origin, depth: loadDepth)
            var comment = trimmed.dropFirst()
            if comment.first == " " { comment = comment.dropFirst() }
            if comment.allSatisfy(Self.isBlank) {
                showNarration(endingParagraph: true)  // a lone `#` is a blank line
            } else {
                stepping.narration.append(String(comment))
            }
            // Results redirected with --echo: the file gets the line, as from a plain `run --echo`.
            if scriptLines.echo && !keyboard.drawsOnStandardOutput {
                output.printer.echo(prompt: prompt, line: text, origin: origin)
            }
            return .skip
        }
        showNarration(endingParagraph: false)
        if stepping.continuing {
            keyboard.show(prompt + text + "\n")
            return .run
        }
        // A `:pause` line is its own stop: it shows its text and waits.
        if Self.isPauseLine(text) { return .run }
        if !stepping.keysExplained {
            stepping.keysExplained = true
            let help = keyboard.width.map { TextLayout.wrap(stepping.keysHelp, width: $0) } ?? [stepping.keysHelp]
            keyboard.show(help.joined(separator: "\n") + "\n")
        }
        while true {
            let shown = prompt + text
            switch await keyboard.answer(
                stepping: true, showing: shown, prompt: prompt, redraw: shown, autoAdvance: stepping.autoAdvance) {
            case .proceed:
                keyboard.show("\n")
                stepping.linesRun.append(SteppedLine(
                    text: text, origin: origin, nextStep: recorder.record.nextStep,
                    sceneFirstStep: recorder.record.currentSceneFirstStep))
                return .run
            case .back:
                if let previous = stepBack(from: origin, stepping: stepping) { return .back(previous) }
            case .skip:
                keyboard.show("  (skipped)\n")
                return .skip
            case .continueToEnd:
                keyboard.show("\n")
                stepping.continuing = true
                stepping.linesRun.removeAll()
                return .run
            case .stop:
                keyboard.show("\n(stopped: the rest of '\(origin.source)' was not run)\n")
                stepping.stopRequested = true
                return .stop
            case .interrupt:
                return .interrupted
            case .command(let line):
                let outcome = await runTypedAtPause(line, stepping: stepping)
                output.origin = origin
                if case .quit(let code) = outcome { return .quit(code) }
            }
        }
    }

    /// `b` at the pause before `origin`: the line run before it (in the same file), with the
    /// scene travelled back to before that line ran; nil, having said why, when there is none.
    private func stepBack(from origin: LineOrigin, stepping: SteppingRun) -> SteppedLine? {
        guard let keyboard else { return nil }
        guard let previous = stepping.linesRun.last, previous.origin.source == origin.source else {
            keyboard.show("  (nothing to step back to)\n")
            return nil
        }
        let steps = recorder.record.nextStep - previous.nextStep
        if steps > 0 && recorder.record.currentSceneFirstStep != previous.sceneFirstStep {
            keyboard.show("  (cannot step back over a change of scene)\n")
            return nil
        }
        keyboard.show("  (back to line \(previous.origin.line))\n")
        if !undo(steps: steps, label: "(back)") {
            keyboard.show("  (cannot step back: the time-travel history does not reach that far)\n")
            return nil
        }
        stepping.linesRun.removeLast()
        return previous
    }

    /// `:pause [TEXT]`: with a person at the terminal (interactive, or a stepping run that is
    /// not continuing) shows TEXT and waits for Enter; otherwise does nothing. In a stepping run
    /// the stepping keys work here too.
    func pause(_ text: String?) async -> CommandOutcome {
        guard let keyboard, !(stepping?.continuing ?? false) else { return .succeeded }
        if stepping == nil && !keyboard.interactive { return .succeeded }
        // Wrapped at words for the display: all of it is shown at each stop, and the last line is
        // what a key that abandons a typed command draws again.
        let lines = Self.pauseLines(text, width: keyboard.width)
        let shown = lines[lines.count - 1]
        let origin = output.origin
        while true {
            switch await keyboard.answer(
                stepping: stepping != nil, showing: lines.joined(separator: "\n"), prompt: prompt, redraw: shown,
                autoAdvance: stepping?.autoAdvance) {
            case .back:
                keyboard.show("\n")
                continue
            case .proceed, .skip:
                keyboard.show("\n")
                return .succeeded
            case .continueToEnd:
                keyboard.show("\n")
                stepping?.continuing = true
                return .succeeded
            case .stop:
                keyboard.show("\n")
                guard let stepping else { return .succeeded }
                keyboard.show("(stopped: the rest of '\(origin.source)' was not run)\n")
                stepping.stopRequested = true
                return .succeeded
            case .interrupt:
                // In a script the interrupted run reports where it stopped (its next line).
                return loadStack.isEmpty ? output.fail("interrupted") : .succeeded
            case .command(let line):
                guard let stepping else { continue }
                let outcome = await runTypedAtPause(line, stepping: stepping)
                output.origin = origin
                if case .quit = outcome { return outcome }
            }
        }
    }

    /// The lines of a `:pause`: `⏸ TEXT — press Enter`, word-wrapped to `width` when there is one.
    static func pauseLines(_ text: String?, width: Int?) -> [String] {
        let shown = "⏸ " + (text.map { $0 + " — " } ?? "") + "press Enter"
        return width.map { TextLayout.wrap(shown, width: $0, indent: 2) } ?? [shown]
    }

    /// Runs a `:` line typed at a pause (as the person's own line, `<stdin>:N`).
    private func runTypedAtPause(_ line: String, stepping: SteppingRun) async -> CommandOutcome {
        stepping.typedLines += 1
        return await execute(line: line, origin: LineOrigin(source: "<stdin>", line: stepping.typedLines), waitAfterAction: true)
    }

    /// Whether `line` is a `:pause` command.
    static func isPauseLine(_ line: String) -> Bool {
        let trimmed = line.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        guard trimmed.starts(with: ":pause".utf8) else { return false }
        let after = trimmed.dropFirst(6).first
        return after == nil || after == 0x20 || after == 0x09 || after == UInt8(ascii: "#")
    }

    private static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\r"
    }

    /// Shows the paragraph of narration read so far: the comments' text without `#` and without
    /// the backticks of `code`, word-wrapped to the display's width as one paragraph (as written
    /// when the display is not a terminal), in colour when the display has it. `endingParagraph`
    /// (a blank line or a lone `#`): a blank line follows narration.
    func showNarration(endingParagraph: Bool) {
        guard let stepping, let keyboard else { return }
        if !stepping.narration.isEmpty {
            let texts = stepping.narration.map(TextLayout.narrationText)
            stepping.narration.removeAll()
            let lines = keyboard.width.map { TextLayout.wrap(texts.joined(separator: " "), width: $0) } ?? texts
            let colored = keyboard.colors ? lines.map { "\u{1B}[36m" + $0 + "\u{1B}[0m" } : lines
            keyboard.show(colored.joined(separator: "\n") + "\n")
            stepping.narrationShown = true
        }
        if endingParagraph && stepping.narrationShown { keyboard.show("\n") }
        stepping.narrationShown = false
    }

    /// Begins stepping for the run of `:load --step` at depth `depth`, or stops a run that
    /// was continuing again.
    func beginStepping(atDepth depth: Int) {
        if let stepping {
            stepping.continuing = false
        } else {
            stepping = SteppingRun(rootDepth: depth)
        }
    }
}
