/// The help texts of the meta commands (kept apart from the parsing code).
enum MetaCommandHelpTexts {
    static let entries: [MetaCommandHelp] = [
        MetaCommandHelp(
            name: ":help", usage: ":help [GROUP | COMMAND]", summary: "A page of the actions and commands, a group of commands, or one command.",
            details: """
            GROUP is one of the groups the page lists (`:help time`). COMMAND is a meta command
            (`:help :expect`, also `:help expect`) or an action of the scene (`:help setScore`,
            `:help write.submit`).
            """),
        MetaCommandHelp(
            name: ":reactors", usage: ":reactors", summary: "List the registry: each entry's name and summary.",
            details: "Load one of them with `:use NAME`."),
        MetaCommandHelp(
            name: ":use", usage: ":use NAME", summary: "Load a registry entry as the current scene and focus its first reactor.",
            details: """
            The previous scene is replaced: its effects are cancelled and its log is closed.
            Example: `:use counter`, `:use board`.
            """),
        MetaCommandHelp(
            name: ":focus", usage: ":focus REACTOR", summary: "Send plain ACTION lines to another reactor of the scene.",
            details: "Example (board scene): `:focus write`, then `updateTitle \"Hello\"`. `REACTOR.ACTION` reaches any reactor without changing the focus."),
        MetaCommandHelp(
            name: ":actions", usage: ":actions [REACTOR]", summary: "List the actions with their typed signatures and docs.",
            details: "Without REACTOR, lists the focused reactor's actions. Signatures look like `setScore(home: Int, away: Int)`."),
        MetaCommandHelp(
            name: ":state", usage: ":state [PATH]", summary: "Print the state, or the value at PATH.",
            details: """
            PATH uses dots and indices: `repos[0]`, `posts[2].title`; `.count` is the length of an array or string.
            `REACTOR:PATH` reads another reactor of the scene; `REACTOR:` alone prints its whole state.
            Examples: `:state`, `:state value`, `:state repos.count`, `:state board:`.
            """),
        MetaCommandHelp(
            name: ":expect", usage: ":expect PATH OP VALUE", summary: "Assert a value of the state; counts in the `N passed, N failed, N errors` line.",
            details: """
            OP is one of == != < <= > >= contains. VALUE is a literal: 42, -0.25, true, nil, "text",
            a bare word, or an array such as ["a", "b"]. `contains` tests a substring of a string or an
            element of an array. A path that does not exist fails the expectation.
            Examples: `:expect value == 1`, `:expect repos contains "swift2"`, `:expect write:isDismissed == true`.
            """),
        MetaCommandHelp(
            name: ":wait", usage: ":wait [DURATION]", summary: "Wait until no effect is running (limit 10s by default).",
            details: "Exceeding the limit is an error. In batch mode every line already waits unless it ends in ` &`. Example: `:wait 2s`."),
        MetaCommandHelp(
            name: ":advance", usage: ":advance DURATION", summary: "Move the virtual clock forward, running what falls due.",
            details: "DURATION is a number with a unit: `250ms`, `2s`, `1.5s`, `1m`. Example: `increase &` then `:advance 500ms`."),
        MetaCommandHelp(
            name: ":sleep", usage: ":sleep DURATION", summary: "Pause for wall-clock time (for demos).",
            details: "Ctrl-C interrupts the pause. Example: `:sleep 1s`."),
        MetaCommandHelp(
            name: ":history", usage: ":history", summary: "Show the log: numbered actions and the mutations each caused in any reactor.",
            details: "Mutations are named by reactor in scenes of several (`board: insertPost(…)` under `write.submit`); a line `── :use NAME ──` marks where each scene began. The step numbers are the ones `:jump N` accepts."),
        MetaCommandHelp(
            name: ":undo", usage: ":undo", summary: "Step the whole scene (every reactor) one logged action back.",
            details: "Effects still in flight are cancelled. A reset clears what can be undone."),
        MetaCommandHelp(
            name: ":redo", usage: ":redo", summary: "Step the whole scene one logged action forward again after `:undo`.",
            details: "Effects still in flight are cancelled."),
        MetaCommandHelp(
            name: ":jump", usage: ":jump N", summary: "Move the whole scene to right after step N of the log.",
            details: "N is a step of the current scene as shown by `:history`; 0 is the scene's initial state. Effects in flight are cancelled."),
        MetaCommandHelp(
            name: ":reset", usage: ":reset [REACTOR]", summary: "Put a reactor (or every reactor of the scene) back to its initial state.",
            details: "Its effects are cancelled and the log records the reset."),
        MetaCommandHelp(
            name: ":save", usage: ":save [--expect | --transcript | --html] FILE",
            summary: "Write the session so far as a script that replays it, a test, a transcript or a page.",
            details: """
            FILE is a bare word or a quoted string. Replay it with `reactor-shell run FILE` or `:load FILE`.
            Lines that did not wait keep their ` &`.
            --expect also appends an `:expect` line for each value the session changed in the scene it
            ends in, so that the saved session is a test that passes (and fails when the behaviour changes).
            --transcript writes Markdown instead: each command typed, run from a script or from a
            `:load`ed file, with the output the terminal showed while it ran (errors and
            cancellations too) in a fenced block, `#` comments as prose. `run --transcript FILE`
            writes one at the end of a batch run.
            --html writes the live view's page (see :serve) with the session's events inside, as one file
            that opens in a browser with no server and no network.
            """),
        MetaCommandHelp(
            name: ":diagram", usage: ":diagram [FILE]", summary: "Draw the session as a sequence diagram (SVG, Mermaid or text).",
            details: """
            A participant per reactor, and per service or effect source, an arrow per action, mutation
            and service event, a note with the paths each changed, and notes for cancelled effects and
            failed lines: what happened, in order. FILE.svg is drawn as SVG (no other tool needed),
            any other FILE as a Mermaid `sequenceDiagram` (e.g. `lesson.mmd`); without FILE, a text
            view is printed. `run --diagram FILE` writes one at the end of a batch run.
            """),
        MetaCommandHelp(
            name: ":serve", usage: ":serve [PORT | stop]", summary: "Show the session live in a browser (or stop).",
            details: """
            Starts (or restarts) the live view on 127.0.0.1:PORT (without PORT: the port it last had,
            else --serve-port's, else 8421; 0 takes any free port) and prints its address, with the
            token every request needs: a timeline of the session, each reactor's state as a tree, the
            diff of a step, a sequence diagram, and buttons that time-travel the shell. Commands sent
            from the page run here as if typed. `:serve stop` stops it. `--serve` starts it with the
            shell.
            """),
        MetaCommandHelp(
            name: ":load", usage: ":load [--step] [--echo] FILE", summary: "Run a script file here.",
            details: """
            Nested loads are allowed; a file that loads itself (directly or not) is an error.
            --step shows each command line after the prompt and waits for a key: Enter runs it, s skips
            it, c runs the rest without stopping, q stops the file; a `:` command typed there (`:state`)
            runs and the pause comes back. Comment lines are shown as narration.
            --echo shows each line of the file (and of the files it loads) before its output, as `run --echo`
            does. A file whose name starts with `-` is written in quotes: `:load "-x.rsh"`.
            """),
        MetaCommandHelp(
            name: ":pause", usage: ":pause [TEXT]", summary: "Show TEXT and wait for Enter when a person is at the terminal.",
            details: """
            Waits in the interactive shell, in its `:load`s and in a stepping run (`run --step`, `:load --step`);
            a batch run without --step goes straight on. In a stepping run the stepping keys work here too.
            After `c` (run the rest without stopping) pauses no longer wait. Example: `:pause Look at isLoading`.
            """),
        MetaCommandHelp(
            name: ":watch", usage: ":watch [PATH]", summary: "Show only the changes at or under PATH in diffs; without PATH, list the watches.",
            details: """
            While any path is watched, each mutation block shows only the changes at, under or above a watched
            path, then `(N other changes)`. Several paths may be watched; `REACTOR:PATH` watches another reactor.
            JSON `mutation` events keep their whole patch. Example: `:watch posts`, `:watch write:title`.
            """),
        MetaCommandHelp(
            name: ":unwatch", usage: ":unwatch [PATH]", summary: "Stop watching PATH, or every path: diffs are shown whole again.",
            details: "Example: `:unwatch posts`, `:unwatch`."),
        MetaCommandHelp(
            name: ":break", usage: ":break [PATH OP VALUE]", summary: "Stop a stepping or loading run when the condition becomes true.",
            details: """
            OP and VALUE as for `:expect`. The condition is checked after each mutation; when it turns from false to
            true, `● break: …` is printed and a `:load` or stepping run stops before its next line as `--step` does
            (interactively the typed line only warns; a batch run without --step goes on). Without arguments,
            lists the breaks. Example: `:break value >= 3`, `:break posts.count > 2`.
            """),
        MetaCommandHelp(
            name: ":unbreak", usage: ":unbreak [PATH]", summary: "Remove the breaks on PATH, or every break.",
            details: "Example: `:unbreak value`, `:unbreak`."),
        MetaCommandHelp(
            name: ":explore", usage: ":explore [OPTION…]", summary: "Explore the loaded entry with random sequences of its commands.",
            details: """
            Runs `explore --reactor ENTRY OPTION…` on the entry loaded now, in a process of its own (this
            session is left as it is): random lines checked after each step, the first failure shrunk to a
            script. Options as for `explore` (see `explore --help`): --runs, --steps, --seed,
            --invariant "PATH OP VALUE", --allow-errors, --out FILE. Example: `:explore --invariant "home >= 0"`.
            """),
        MetaCommandHelp(
            name: ":set", usage: ":set [NAME VALUE]", summary: "Change an output setting: diff, format, trace or color; alone, list them.",
            details: """
            :set diff on|off                print the changes after each mutation
            :set format text|json           text blocks or JSON Lines events
            :set trace on|off               also show each effect's life (started, mutations, finished)
            :set color auto|always|never    ANSI colour
            """),
        MetaCommandHelp(
            name: ":clear", usage: ":clear", summary: "Clear the terminal's screen (Ctrl-L does too, at a pause as well).",
            details: "Does nothing when the output is not a terminal (a file, a pipe) or in JSON mode."),
        MetaCommandHelp(
            name: ":quit", usage: ":quit", summary: "Leave the shell.",
            details: """
            In a script run (`run`, a pipe) the exit status is 1 if any command failed, else 0.
            The interactive shell exits 0, as Ctrl-D does; use `:exit CODE` for another status.
            """),
        MetaCommandHelp(
            name: ":exit", usage: ":exit [CODE]", summary: "Leave the shell with exit status CODE (0-255).",
            details: "Without CODE, the same as `:quit` (a script run: 1 if any command failed, else 0; interactively 0)."),
    ]
}
