import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line itself: `--help`, `--version`, `list`, usage errors.
@Suite("Command line")
struct CommandLineTests {
    @Test func helpPrintsUsageWithExamplesAndExitsZero() async throws {
        let result = try await ShellProcess.run(["--help"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains("USAGE: reactor-shell"), "\(result.transcript)")
        #expect(result.stdout.contains("reactor-shell run"), "\(result.transcript)")
        #expect(result.stdout.contains("--format"), "\(result.transcript)")
        #expect(result.stdout.contains("Examples:"), "\(result.transcript)")
    }

    @Test func runHelpDescribesBailAndEcho() async throws {
        let result = try await ShellProcess.run(["run", "--help"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains("--bail"), "\(result.transcript)")
        #expect(result.stdout.contains("--echo"), "\(result.transcript)")
    }

    /// Issue 27: the live view's options are in the help of the commands that take them.
    @Test func theHelpOfTheShellAndOfRunNamesTheLiveViewsOptions() async throws {
        let shell = try await ShellProcess.run(["--help"])
        let run = try await ShellProcess.run(["run", "--help"])
        for option in ["--serve ", "--serve-port <port>", "--serve-host <address>"] {
            #expect(shell.stdout.contains("  \(option)"), "\(option): \(shell.transcript)")
            #expect(run.stdout.contains("  \(option)"), "\(option): \(run.transcript)")
        }
        #expect(run.stdout.contains("  --serve-exit "), "\(run.transcript)")
        #expect(run.stdout.contains("  --html <file.html> "), "\(run.transcript)")
    }

    @Test(arguments: [["--help"], ["run", "--help"], ["test", "--help"], ["check", "--help"], ["list", "--help"]])
    func everyHelpPageNamesTheShellWithoutSourceCodeInIt(arguments: [String]) async throws {
        // Issue 26: `test --help` printed a literal `\(LaunchContext.identity.name)`.
        let result = try await ShellProcess.run(arguments)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(!result.stdout.contains("\\("), "\(result.transcript)")
        #expect(!result.stdout.contains("LaunchContext"), "\(result.transcript)")
        if arguments.first == "test" {
            #expect(result.stdout.contains("  reactor-shell test tests/"), "\(result.transcript)")
        }
    }

    @Test func versionPrintsOneLineAndExitsZero() async throws {
        let result = try await ShellProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1, "\(result.transcript)")
        #expect(result.stdoutLines.first?.first?.isNumber == true, "\(result.transcript)")
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        ["--bogus"],
        ["--format", "yaml"],
        ["--color", "sometimes"],
        ["--fetcher", "carrier-pigeon"],
        ["run"],
        ["run", "--bogus", "x.rsh"],
        ["--virtual-clock", "--real-clock"],
    ])
    func aUsageErrorExitsTwoAndRunsNothing(arguments: [String]) async throws {
        let result = try await ShellProcess.run(arguments, input: .text("increase\n"))
        #expect(result.status == 2, "\(arguments): \(result.transcript)")
        #expect(result.stdout.isEmpty, "\(arguments): \(result.transcript)")
        #expect(!result.stderr.isEmpty, "\(arguments)")
    }

    /// `test`, `explore` and `check` run sessions nobody watches: the live view's options are a
    /// usage error there, before or after the subcommand, and not in their help (`test --serve`
    /// served after each script until Ctrl-C, so it hung; `explore` and `check` ignored them).
    @Test(arguments: [
        ["test", "--serve-port", "0", "x.rsh"], ["--serve", "test", "x.rsh"],
        ["explore", "--serve", "--runs", "1"], ["check", "--serve-host", "127.0.0.1", "x.rsh"],
    ])
    func theLiveViewsOptionsAreAUsageErrorOutsideTheShellAndRun(arguments: [String]) async throws {
        let command = arguments.first { !$0.hasPrefix("-") } ?? ""
        try await withWorkspace { workspace in
            try workspace.write("x.rsh", "increase\n")
            try workspace.write("x.out", "")
            let result = try await ShellProcess.run(arguments, workingDirectory: workspace.path, timeLimit: .seconds(20))
            #expect(result.status == 2, "\(arguments): \(result.transcript)")
            #expect(result.stderr.hasPrefix(
                "Error: --serve, --serve-port and --serve-host are for the interactive shell and `run`, not `\(command)`."),
                "\(arguments): \(result.transcript)")
            #expect(result.stdout.isEmpty && !result.stderr.contains("live view:"), "\(arguments): \(result.transcript)")
            let help = try await ShellProcess.run([command, "--help"])
            #expect(!help.stdout.contains("--serve"), "\(command) --help: \(help.transcript)")
        }
    }

    @Test func anUnknownStartingReactorIsAUsageError() async throws {
        let result = try await ShellProcess.run(["--reactor", "countr"], input: .text("increase\n"))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("did you mean 'counter'?"), "\(result.transcript)")
    }

    @Test func listPrintsEveryRegistryEntryWithItsSummary() async throws {
        let result = try await ShellProcess.run(["list"])
        #expect(result.status == 0, "\(result.transcript)")
        let names = result.stdoutLines.map { String($0.prefix { $0 != " " }) }
        #expect(names == ["counter", "github-search", "scoreboard", "board"], "\(result.transcript)")
        #expect(result.stdoutLines.allSatisfy { $0.count > 20 }, "each entry has a summary: \(result.transcript)")
    }

    @Test func reactorsMarksTheLoadedEntry() async throws {
        let result = try await runScript([":reactors"], options: ["--reactor", "scoreboard"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.filter { $0.hasPrefix("*") }.map { $0.split(separator: " ").dropFirst().first } == ["scoreboard"], "\(result.transcript)")
    }
}
