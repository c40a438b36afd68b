/// Runs a session's top-level lines (``SessionInput``) again in a fresh session of the same
/// registry and settings, on a virtual clock, capturing what each line prints: the material of
/// `:save --transcript` and `:diagram`. A script run prints the same, so the result is
/// deterministic; an interactive session on the real clock is shown as a script run of its lines.
///
/// Lines that would write files or wait for a person (`:save`, `:diagram`, `:pause`, `:sleep`)
/// are not run again; `:quit` and `:exit` end the replay.
@MainActor
struct SessionReplay {
    /// One line and what it printed.
    struct Step {
        /// How the line takes part in a transcript.
        enum Kind: Equatable {
            /// A command: shown with its output.
            case command
            /// A `#` comment line: its text, without the `#`.
            case comment(String)
            /// A blank line.
            case blank
            /// `:pause [TEXT]`: a break in the lesson, with its text.
            case pause(String)
            /// A line that is not shown (`:save`, `:diagram`).
            case hidden
        }

        let kind: Kind
        let text: String
        /// The prompt before the line ran (`board> `).
        let prompt: String
        /// What it printed, results and errors in order, one entry per line.
        let output: [String]
        /// The `:use` entry the line loaded, when it was a `:use`.
        let usedEntry: String?
    }

    let registry: Registry
    let configuration: ShellConfiguration

    /// Runs `input` in a fresh session printing `format`, and returns each line with its output.
    func run(_ input: SessionInput, format: OutputFormat = .text) async -> [Step] {
        var captured: [String] = []
        let sink = OutputSink()
        sink.interceptor = { captured.append(contentsOf: $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)) }
        sink.errorInterceptor = { captured.append($0) }
        var settings = configuration
        settings.clock = .virtual
        settings.color = .never
        settings.format = format
        let session = ShellSession(registry: registry, configuration: settings, sink: sink, interactive: false)
        session.runner.isReplay = true
        _ = session.loadInitialScene()
        var steps: [Step] = []
        for line in input.lines {
            let trimmed = line.text.trimmingBlanks
            let kind = Self.kind(of: trimmed)
            let prompt = session.prompt
            if kind == .command {
                if format == .json && Self.changesFormat(trimmed) { continue }
                let outcome = await session.execute(line: line.text, origin: line.origin, waitAfterAction: true)
                sink.flush()
                steps.append(Step(kind: kind, text: line.text, prompt: prompt, output: captured, usedEntry: Self.usedEntry(trimmed)))
                captured.removeAll()
                if case .quit = outcome { break }
            } else {
                steps.append(Step(kind: kind, text: line.text, prompt: prompt, output: [], usedEntry: nil))
            }
        }
        return steps
    }

    /// What a (trimmed) line is in a transcript.
    static func kind(of line: Substring) -> Step.Kind {
        if line.isEmpty { return .blank }
        if line.hasPrefix("#") {
            return .comment(String(line.dropFirst(line.hasPrefix("# ") ? 2 : 1)))
        }
        if let rest = command(line, named: ":pause") { return .pause(unquoted(rest)) }
        if command(line, named: ":save") != nil || command(line, named: ":diagram") != nil { return .hidden }
        if command(line, named: ":sleep") != nil { return .hidden }
        return .command
    }

    /// The arguments of `line` when it is meta command `name`.
    private static func command(_ line: Substring, named name: String) -> Substring? {
        guard line.hasPrefix(name) else { return nil }
        let rest = line.dropFirst(name.count)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return rest.trimmingBlanks
    }

    /// `"text"` → `text`; anything else as it is.
    private static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.first == "\"", text.last == "\"" { return String(text.dropFirst().dropLast()) }
        return String(text)
    }

    /// Whether `line` would change the output format or silence the diffs (left out of a JSON replay).
    private static func changesFormat(_ line: Substring) -> Bool {
        guard let rest = command(line, named: ":set") else { return false }
        return rest.hasPrefix("format") || rest.hasPrefix("diff")
    }

    /// The entry a `:use` line loads.
    private static func usedEntry(_ line: Substring) -> String? {
        command(line, named: ":use").map { unquoted($0) }
    }
}

extension StringProtocol {
    /// Without leading and trailing blanks (spaces and tabs).
    var trimmingBlanks: Substring {
        let text = self[...]
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text[start...].lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return Substring(text[start..<end])
    }
}
