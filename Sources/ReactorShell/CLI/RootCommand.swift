import ArgumentParser

struct RootCommand: ParsableCommand {
    /// Computed: a custom shell's name and version (``LaunchContext``).
    static var configuration: CommandConfiguration {
        let identity = LaunchContext.identity
        let name = identity.name
        let names = LaunchContext.registryNames
        let first = names.first ?? "NAME"
        let other = names.dropFirst().first ?? first
        let examples = [
            ("\(name)", "interactive, \(first) loaded"),
            ("\(name) --reactor \(other)", "start on another registry entry"),
            ("\(name) run script.rsh", "exit 0 when every :expect holds"),
            ("\(name) run --bail --format json a.rsh b.rsh", ""),
            ("echo ':state' | \(name) --reactor \(first)", ""),
            ("\(name) explore", "random sequences; a failure shrunk to a script"),
            ("\(name) check tests/", "find typos without running"),
            ("\(name) list", "the registry"),
            ("\(name) --init prelude.rsh --trace", ""),
        ]
        let width = examples.filter { !$0.1.isEmpty }.map(\.0.count).max() ?? 0
        let exampleLines = examples.map { command, comment in
            comment.isEmpty ? "  " + command : "  " + command.padded(to: width + 2) + "# " + comment
        }
        return CommandConfiguration(
            commandName: name,
            abstract: identity.abstract,
            discussion: """
                Interactive when standard input is a terminal; otherwise standard input is read as a \
                script (same as `run -`). After every reduction the shell prints what changed in the state.

                Examples:
                \(exampleLines.joined(separator: "\n"))

                `--bail` and `--echo` (see `run --help`) work without `run` too, for a script piped in.

                Exit status: 0 all commands ran and every expectation held; 1 a command failed; 2 usage error.
                Inside the shell, type :help.
                """,
            version: identity.version,
            subcommands: [RunCommand.self, TestCommand.self, ExploreCommand.self, CheckCommand.self, ListCommand.self]
        )
    }

    @OptionGroup var session: SessionOptions

    @OptionGroup var liveView: LiveViewOptions

    @Option(name: .customLong("init"),
            help: ArgumentHelp("Run this script first, then give the prompt (interactive only): a prelude for a class.",
                               valueName: "file"),
            completion: .file(extensions: ["rsh"]))
    var initFile: String?
}
