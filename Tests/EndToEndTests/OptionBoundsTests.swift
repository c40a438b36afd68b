import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 25 items 1, 2 and 8: every numeric option and environment variable goes through one
/// checked parser, with its bounds in `--help` and a usage error (exit 2) past them.
@Suite("Option bounds")
struct OptionBoundsTests {
    @Test(arguments: [
        (["--max-line-length", "9223372036854775807"], "--max-line-length must be 1 to 1GiB (bytes), found '9223372036854775807'"),
        (["--max-line-length", "1073741825"], "--max-line-length must be 1 to 1GiB (bytes), found '1073741825'"),
        (["--max-line-length", "0"], "--max-line-length must be 1 to 1GiB (bytes), found '0'"),
        (["--max-line-length", "-5"], "--max-line-length must be 1 to 1GiB (bytes), found '-5'"),
        (["--max-line-length", "99999999999999999999999"], "--max-line-length must be 1 to 1GiB (bytes), found '99999999999999999999999'"),
        (["--max-line-length", "many"], "--max-line-length expects a size in bytes such as 1048576 or 64MiB, found 'many'"),
        (["--time-travel-memory", "-1"], "--time-travel-memory must be 0 to 1TiB (bytes), found '-1'"),
        (["--time-travel-memory", "2TiB"], "--time-travel-memory must be 0 to 1TiB (bytes), found '2TiB'"),
        (["run", "--time-travel-memory=9999999999GiB", "-"], "--time-travel-memory must be 0 to 1TiB (bytes), found '9999999999GiB'"),
        (["--serve-port", "65536"], "--serve-port must be 0 to 65535, found '65536'"),
        (["run", "--serve-port", "-1", "-"], "--serve-port must be 0 to 65535, found '-1'"),
        (["test", "-j", "0", "a.rsh"], "-j must be 1 to 1024 (processes), found '0'"),
        (["test", "--jobs", "99999999999999999999", "a.rsh"], "-j must be 1 to 1024 (processes), found '99999999999999999999'"),
        (["test", "-j", "-2", "a.rsh"], "-j must be 1 to 1024 (processes), found '-2'"),
        (["explore", "--runs", "0"], "--runs must be 1 to 100000000 (runs), found '0'"),
        (["explore", "--runs", "-1"], "--runs must be 1 to 100000000 (runs), found '-1'"),
        (["explore", "--runs", "lots"], "--runs expects a number of runs, found 'lots'"),
        (["explore", "--steps", "9223372036854775807"], "--steps must be 1 to 100000 (steps), found '9223372036854775807'"),
        (["explore", "--seed", "-1"], "--seed must be 0 to 9223372036854775807, found '-1'"),
        (["explore", "--seed", "9223372036854775808"], "--seed must be 0 to 9223372036854775807, found '9223372036854775808'"),
    ])
    func aNumberPastItsBoundsIsAUsageError(arguments: [String], message: String) async throws {
        let result = try await ShellProcess.run(arguments, input: .text(""))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty, "\(result.transcript)")
        #expect(result.stderrLines.first == "Error: \(message).", "\(result.transcript)")
    }

    @Test func theLargestLineLimitWorksToTheEndOfTheInput() async throws {
        for limit in ["1073741824", "1GiB"] {
            let result = try await ShellProcess.run(["--max-line-length", limit], input: .text("increase\n"))
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.lastStdoutLine?.hasPrefix("0 passed, 0 failed") == true, "\(result.transcript)")
        }
        let empty = try await ShellProcess.run(["--max-line-length", "1GiB"], input: .text(""))
        #expect(empty.status == 0, "\(empty.transcript)")
    }

    @Test func helpStatesTheBounds() async throws {
        let result = try await ShellProcess.run(["--help"])
        let help = result.stdout.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
        #expect(help.contains("1 to 1GiB (bytes)"), "\(result.stdout)")
        #expect(help.contains("0 to 1TiB (bytes)"), "\(result.stdout)")
        #expect(help.contains("REACTOR_SHELL_HISTSIZE: entries kept, 0 to 1000000 (entries)"), "\(result.stdout)")
        #expect(help.contains("port, 0 to 65535 (default 8421"), "\(result.stdout)")
        let explore = try await ShellProcess.run(["explore", "--help"])
        let exploreHelp = explore.stdout.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
        #expect(exploreHelp.contains("1 to 100000000 (runs) (default 100)"), "\(explore.stdout)")
        #expect(exploreHelp.contains("1 to 100000 (steps) (default 50)"), "\(explore.stdout)")
        #expect(exploreHelp.contains("0 to 9223372036854775807 (default: a fresh one"), "\(explore.stdout)")
        let test = try await ShellProcess.run(["test", "--help"])
        let testHelp = test.stdout.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
        #expect(testHelp.contains("1 to 1024 (processes)"), "\(test.stdout)")
    }

    /// The largest seed is accepted (and is not carried into arithmetic that traps).
    @Test func theLargestSeedIsAccepted() async throws {
        let result = try await ShellProcess.run(
            ["explore", "--reactor", "counter", "--runs", "1", "--steps", "100", "--seed", "9223372036854775807"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 runs, 100 steps, all invariants held", "\(result.transcript)")
    }
}

/// `REACTOR_SHELL_HISTSIZE` past its bounds stops the interactive shell at start with a usage
/// error (it overflowed `N + N/10` before, a SIGILL).
@Suite("History size bounds", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct HistorySizeBoundsTests {
    @Test(arguments: ["8384883669867978008", "9223372036854775807", "-1", "lots"])
    func aHistorySizePastItsBoundsIsAUsageError(size: String) async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell(
            wrappedIn: "\"$0\" \"$@\"; echo \"status $?\"; exec sleep 60", ["--real-clock"],
            environment: ["REACTOR_SHELL_HISTSIZE": size], waitingFor: "status 2")
        defer { terminal.close() }
        let screen = try terminal.screen().replacingOccurrences(of: "\n", with: "")
        #expect(screen.contains("reactor-shell: REACTOR_SHELL_HISTSIZE "), "\(screen)")
        #expect(screen.contains("found '\(size)'"), "\(screen)")
    }
}

/// Issue 25 item 8: an invalid `GITHUB_API_URL` in the environment matters only where it is used,
/// when github-search is loaded with the network fetcher; `--github-api-url` typed on the command
/// line stays a usage error (SPEC §6).
@Suite("GITHUB_API_URL only where used")
struct GitHubAPIURLEnvironmentTests {
    static let invalid: [String: String?] = ["GITHUB_API_URL": "not a url"]

    @Test func runsThatNeverUseItAreNotStopped() async throws {
        let counter = try await ShellProcess.run(["run", "-"], input: .text("increase\n:expect value == 1\n"), environment: Self.invalid)
        #expect(counter.status == 0, "\(counter.transcript)")
        let stub = try await ShellProcess.run(
            ["run", "-"], input: .text(":use github-search\nupdateQuery \"swift\"\n:expect repos.count == 3\n"),
            environment: Self.invalid)
        #expect(stub.status == 0, "\(stub.transcript)")
    }

    @Test func loadingGitHubSearchWithTheNetworkFetcherNamesIt() async throws {
        let atStart = try await ShellProcess.run(
            ["--fetcher", "network", "--reactor", "github-search"], input: .text(":state\n"), environment: Self.invalid)
        #expect(atStart.status == 2, "\(atStart.transcript)")
        #expect(atStart.stdout.isEmpty, "\(atStart.transcript)")
        #expect(atStart.stderr.hasPrefix(
            "reactor-shell: cannot load github-search: The value 'not a url' of GITHUB_API_URL is invalid for '--github-api-url <url>': "),
            "\(atStart.transcript)")
        let later = try await ShellProcess.run(
            ["run", "--fetcher", "network", "-"], input: .text("increase\n:use github-search\n"), environment: Self.invalid)
        #expect(later.status == 1, "\(later.transcript)")
        #expect(later.stderr.contains("<stdin>:2:6: cannot load github-search: The value 'not a url' of GITHUB_API_URL"), "\(later.transcript)")
    }

    @Test func theFlagStaysAUsageError() async throws {
        let result = try await ShellProcess.run(["--github-api-url", "not a url"], input: .text("increase\n"))
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.stdout.isEmpty, "\(result.transcript)")
    }
}
