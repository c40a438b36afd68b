import ArgumentParser

/// `reactor-shell test [--update] [-j N] [--shard K/N] [--junit FILE] FILE|DIR…`: scripts as tests
/// against golden output files.
struct TestCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "test",
        abstract: "Run scripts and compare their output with golden files (FILE.out beside FILE.rsh).",
        discussion: """
            Each script runs in a fresh session, as `run` would run it alone; what it writes (results \
            and errors, in order, without colour: `run FILE.rsh > FILE.out 2>&1` gives the same text) \
            is compared with FILE.out. A difference is printed as a unified diff and counts as a \
            failure. A directory stands for the `*.rsh` files under it (sorted). Scripts run in \
            parallel worker processes (-j), each running script after script; the reports are printed \
            in the order of the scripts, and a script whose reactor traps ends only its worker. The last line \
            is `N matched, N differ` (with --update, `N written`). With GITHUB_ACTIONS=true each \
            failure is also a `::error file=F,line=L::MESSAGE` annotation. Exit status: 0 every \
            output matched (or, with --update, every golden file was written); 1 any differs; 2 \
            usage error.

            Examples:
              \(LaunchContext.identity.name) test tests/
              \(LaunchContext.identity.name) test --update tests/new.rsh        # write tests/new.out
              \(LaunchContext.identity.name) test --shard 2/4 --junit report.xml tests/   # CI
            """
    ) }

    @Flag(help: "Write each script's output to its golden file instead of comparing.")
    var update = false

    @Option(name: [.customShort("j"), .customLong("jobs")], parsing: .unconditional,
            help: ArgumentHelp(
                "Worker processes running scripts at once, \(NumericSetting.testJobs.bounds) (default: the number of processors; 1 runs them here).",
                valueName: "n"))
    var jobs: String?

    @Option(help: ArgumentHelp("Run the K-th of N slices of the scripts (sorted by path), for CI machines.", valueName: "k/n"))
    var shard: String?

    @Option(help: ArgumentHelp("Also write the results as JUnit XML to this file.", valueName: "file"),
            completion: .file())
    var junit: String?

    @OptionGroup var session: SessionOptions

    /// Not shown in help: here only to refuse them (``LiveViewOptions/refuse(in:)``).
    @OptionGroup(visibility: .hidden) var liveView: LiveViewOptions

    @Argument(help: ArgumentHelp("Script files, or directories searched for *.rsh; the golden file of a.rsh is a.out.", valueName: "path"),
              completion: .file(extensions: ["rsh"]))
    var files: [String]

    func validate() throws {
        try liveView.refuse(in: "test")
        if files.isEmpty { throw ValidationError("Missing script file or directory.") }
        if files.contains("-") { throw ValidationError("`test` needs script files (a golden file lies beside each), not `-`.") }
        try NumericSetting.validate([(.testJobs, jobs)])
        if let shard, TestShard(shard) == nil {
            throw ValidationError("--shard expects K/N with 1 ≤ K ≤ N (e.g. 2/4), got '\(shard.prefix(80))'.")
        }
    }

    /// What the command line asks for.
    var request: TestRequest {
        TestRequest(
            paths: files, update: update, jobs: NumericSetting.testJobs.value(jobs) ?? TestRequest.processorCount, shard: shard.flatMap(TestShard.init),
            junitFile: junit)
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
