import ArgumentParser

/// `reactor-shell test [--update] FILE.rsh…`: scripts as tests against golden output files.
struct TestCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "test",
        abstract: "Run scripts and compare their output with golden files (FILE.out beside FILE.rsh).",
        discussion: """
            Each script runs in a fresh session, as `run` would run it alone; what it writes (results \
            and errors, in order, without colour: `run FILE.rsh > FILE.out 2>&1` gives the same text) \
            is compared with FILE.out. A difference is printed as a unified diff and counts as a \
            failure. The last line is `N matched, N differ` (with --update, `N written`). Exit status: 0 every output matched \
            (or, with --update, every golden file was written); 1 any differs; 2 usage error.

            Examples:
              \(LaunchContext.identity.name) test tests/*.rsh
              \(LaunchContext.identity.name) test --update tests/new.rsh   # write tests/new.out
            """
    ) }

    @Flag(help: "Write each script's output to its golden file instead of comparing.")
    var update = false

    @OptionGroup var session: SessionOptions

    @Argument(help: ArgumentHelp("Script files; the golden file of a.rsh is a.out.", valueName: "file"),
              completion: .file(extensions: ["rsh"]))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Missing script file.") }
        if files.contains("-") { throw ValidationError("`test` needs script files (a golden file lies beside each), not `-`.") }
    }
}

extension ShellConfiguration {
    /// The settings `test` runs scripts with: text without colour, as the golden files hold it.
    var forGoldenComparison: ShellConfiguration {
        var configuration = self
        configuration.color = .never
        return configuration
    }
}
