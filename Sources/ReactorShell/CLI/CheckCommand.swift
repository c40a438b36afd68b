import StateDiff
import ArgumentParser

/// `reactor-shell check [--reactor NAME] [--format text|json] FILE|DIR…`: scripts checked against
/// the registry without running them.
struct CheckCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "check",
        abstract: "Check scripts against the registry without running them.",
        discussion: """
            Every line is parsed and resolved as the shell would run it: unknown meta commands, \
            reactors, actions and labels, arguments of the wrong type, `:load` files that cannot be \
            read, and `:state`/`:expect` paths that the reactor's state (judged on its initial state) \
            cannot have are reported as `FILE:LINE:COLUMN: message`, with the shell's hints. A script \
            starts in the scene of --reactor (default: the registry's first entry); `:use` switches it. \
            A directory stands for the `*.rsh` files under it. The last line is `N files checked, N problems`.

            Exit status: 0 no problem; 1 problems found; 2 usage error (a path that cannot be read).

            Examples:
              \(LaunchContext.identity.name) check tests/
              \(LaunchContext.identity.name) check --format json lesson.rsh
            """
    ) }

    /// The shell's options (ArgumentParser also offers the root command's options after a
    /// subcommand; with options of its own under the same names, the root would take their values):
    /// `--reactor`, `--format` and `--max-line-length` apply, and the registry entries' settings.
    @OptionGroup var session: SessionOptions

    /// Not shown in help: here only to refuse them (``LiveViewOptions/refuse(in:)``).
    @OptionGroup(visibility: .hidden) var liveView: LiveViewOptions

    @Argument(help: ArgumentHelp("Script files, or directories searched for *.rsh files.", valueName: "path"),
              completion: .file(extensions: ["rsh"]))
    var paths: [String]

    func validate() throws {
        try liveView.refuse(in: "check")
        if paths.isEmpty { throw ValidationError("Missing script file or directory.") }
    }
}

/// `reactor-shell check`: the scripts' problems, printed, and the exit status.
@MainActor
enum CheckScripts {
    /// Checks the scripts named by `paths` (files, and directories searched for `*.rsh`); prints
    /// each problem and the closing count; returns 0 (clean), 1 (problems) or 2 (usage error).
    @MainActor
    static func run(_ paths: [String], registry: Registry, configuration: ShellConfiguration, sink: OutputSink) -> Int32 {
        let name = configuration.identity.name
        let checker = ScriptChecker(registry: registry, configuration: configuration)
        if let unknown = checker.unknownInitialEntry {
            sink.writeError("\(name): unknown reactor '\(unknown)'\(Suggestions.didYouMean(unknown, among: registry.names)); available: \(registry.names.joined(separator: ", "))")
            return 2
        }
        let scripts: [String]
        switch ScriptFileSearch.scripts(in: paths) {
        case .success(let found): scripts = found
        case .failure(let error):
            sink.writeError("\(name): \(error)")
            return 2
        }
        var problems = 0
        for script in scripts {
            let diagnostics: [Diagnostic]
            do {
                diagnostics = try checker.check(file: script)
            } catch {
                sink.flush()
                sink.writeError("\(name): \(error)")
                return 2
            }
            problems += diagnostics.count
            for diagnostic in diagnostics { write(diagnostic, format: configuration.format, to: sink) }
        }
        switch configuration.format {
        case .text:
            sink.writeResult("\(String.counted(scripts.count, "file")) checked, \(String.counted(problems, "problem"))")
        case .json:
            sink.writeResult(StateValue.object([
                StateField("event", .string("summary")), StateField("files", .int(scripts.count)),
                StateField("problems", .int(problems)),
            ]).jsonText)
        }
        sink.flush()
        return problems == 0 ? 0 : 1
    }

    /// `FILE:LINE:COLUMN: message`, or its `diagnostic` event.
    private static func write(_ diagnostic: Diagnostic, format: OutputFormat, to sink: OutputSink) {
        switch format {
        case .text:
            sink.writeResult(diagnostic.description)
        case .json:
            sink.writeResult(StateValue.object([
                StateField("event", .string("diagnostic")), StateField("file", .string(diagnostic.source)),
                StateField("line", .int(diagnostic.line)), StateField("column", .int(diagnostic.column)),
                StateField("message", .string(diagnostic.message)),
            ]).jsonText)
        }
    }
}
