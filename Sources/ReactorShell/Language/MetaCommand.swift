/// A meta command (a line starting with `:`), with its arguments validated.
public enum MetaCommand: Sendable, Hashable {
    /// `:help [COMMAND]`: the list of commands, or one command's signature and doc.
    /// The topic is kept as written (`:expect`, `expect`, `setScore`, `write.submit`).
    case help(topic: LocatedText?)
    /// `:reactors`: the registry's entries.
    case reactors
    /// `:use NAME`: load a registry entry as the current scene.
    case use(entry: LocatedText)
    /// `:focus REACTOR`: focus another reactor of the scene.
    case focus(reactor: LocatedText)
    /// `:actions [REACTOR]`: actions with typed signatures.
    case actions(reactor: LocatedText?)
    /// `:state [PATH]`: the state, or the value at PATH.
    case state(path: StatePathReference?)
    /// `:state *`: every reactor's state in the scene, as one indented tree.
    case sceneState
    /// `:expect PATH OP VALUE`: an assertion.
    case expect(Expectation)
    /// `:wait [DURATION]`: wait until no effect is running, at most `limit` (nil: the default of 10 s).
    case wait(limit: Duration?)
    /// `:advance DURATION`: move the virtual clock forward.
    case advance(Duration)
    /// `:sleep DURATION`: pause for wall time.
    case sleep(Duration)
    /// `:history`: the log of actions and mutations.
    case history
    /// `:undo`: one step back in the focused reactor's history.
    case undo
    /// `:redo`: one step forward.
    case redo
    /// `:jump N`: go to step N of the history.
    case jump(step: Int)
    /// `:reset [REACTOR]`: one reactor (or all) back to the initial state.
    case reset(reactor: LocatedText?)
    /// `:save [--expect | --transcript] FILE`: write the session as a replayable script (with
    /// `:expect` lines for what it changed), or as a Markdown transcript.
    case save(file: LocatedText, kind: SaveKind = .script)
    /// `:diagram [FILE]`: the session as a sequence diagram: Mermaid, or SVG for a `.svg` FILE;
    /// without FILE, a text view on the terminal.
    case diagram(file: LocatedText?)
    /// `:serve [PORT]`: start the live view (SPEC §10) on PORT (nil: 8421; 0: any free port).
    case serve(port: Int?)
    /// `:serve stop`: stop the live view.
    case serveStop
    /// `:load [--step] [--echo] FILE`: run a script file here.
    case load(file: LocatedText, options: LoadOptions = LoadOptions())
    /// `:set NAME VALUE`: an output setting; `:set` alone (nil) lists them with their values.
    case set(Setting?)
    /// `:clear`: clear the terminal's screen.
    case clear
    /// `:quit`: leave with the session's exit status.
    case quit
    /// `:explore [OPTION…]`: `explore` on the loaded entry, with these options.
    case explore(arguments: [String])
    /// `:exit [CODE]`: leave with CODE (0...255), or the session's exit status when omitted.
    case exit(code: Int32?)

    /// `:pause [TEXT]`: wait for Enter when a person is at the terminal.
    case pause(text: String?)
    /// `:watch [PATH]`: show only the changes at or under PATH in diffs; without PATH, list the watches.
    case watch(path: StatePathReference?)
    /// `:unwatch [PATH]`: stop watching PATH, or everything.
    case unwatch(path: StatePathReference?)
    /// `:break [PATH OP VALUE]`: stop a stepping or loading run when the condition becomes true;
    /// without a condition, list the breaks.
    case breakWhen(Expectation?)
    /// `:unbreak [PATH]`: remove the breaks on PATH, or every break.
    case unbreak(path: StatePathReference?)

    /// What `:save` writes.
    public enum SaveKind: Sendable, Hashable {
        /// A script that replays the session.
        case script
        /// `--expect`: the script, then `:expect` lines for the values the session changed.
        case expectations
        /// `--transcript`: a Markdown transcript, each command with its output.
        case transcript
        /// `--html`: the live view's page with the session's events inside (SPEC §10).
        case html

        /// The option as written on a `:save` line (`--expect `), empty for a plain script.
        var written: String {
            switch self {
            case .script: ""
            case .expectations: "--expect "
            case .transcript: "--transcript "
            case .html: "--html "
            }
        }
    }

    /// How `:load` runs its file (`--step`, `--echo`).
    public struct LoadOptions: Sendable, Hashable {
        /// `--step`: wait for a key before each line (SPEC §9).
        public var step: Bool
        /// `--echo`: show each line of the file (and of the files it loads) before its output.
        public var echo: Bool

        /// Options as given; all off by default.
        public init(step: Bool = false, echo: Bool = false) {
            self.step = step
            self.echo = echo
        }

        /// The options as written on a `:load` line (`--step --echo `), empty when all are off.
        var written: String { (step ? "--step " : "") + (echo ? "--echo " : "") }
    }

    /// An output setting changed by `:set`.
    public enum Setting: Sendable, Hashable {
        /// `:set diff on|off`: print the diff after each reduction.
        case diff(Bool)
        /// `:set format text|json`.
        case format(Format)
        /// `:set trace on|off`: print each effect's life.
        case trace(Bool)
        /// `:set color auto|always|never`.
        case color(Color)

        /// The output format named by `:set format`.
        public enum Format: String, Sendable, Hashable, CaseIterable {
            /// Human-readable blocks.
            case text
            /// JSON Lines events.
            case json
        }

        /// The colour choice named by `:set color`.
        public enum Color: String, Sendable, Hashable, CaseIterable {
            /// Colour when stdout is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
            case auto
            /// Always colour.
            case always
            /// Never colour.
            case never
        }
    }

    /// The command's name with its colon, e.g. `:expect`.
    public var name: String {
        switch self {
        case .help: ":help"
        case .reactors: ":reactors"
        case .use: ":use"
        case .focus: ":focus"
        case .actions: ":actions"
        case .state, .sceneState: ":state"
        case .expect: ":expect"
        case .wait: ":wait"
        case .advance: ":advance"
        case .sleep: ":sleep"
        case .history: ":history"
        case .undo: ":undo"
        case .redo: ":redo"
        case .jump: ":jump"
        case .reset: ":reset"
        case .save: ":save"
        case .diagram: ":diagram"
        case .serve, .serveStop: ":serve"
        case .load: ":load"
        case .pause: ":pause"
        case .watch: ":watch"
        case .unwatch: ":unwatch"
        case .breakWhen: ":break"
        case .unbreak: ":unbreak"
        case .set: ":set"
        case .clear: ":clear"
        case .quit: ":quit"
        case .explore: ":explore"
        case .exit: ":exit"
        }
    }
}
