import Foundation
import Testing
import TestSupport

/// `reactor-shell test` at CI scale: folders, parallel processes, shards, JUnit XML, annotations.
@Suite("test: folders, -j, --shard, --junit, GitHub annotations")
struct TestCommandSuiteTests {
    /// A folder of scripts with golden files written, one of them then changed to differ.
    private func suite(in workspace: ScriptWorkspace) async throws {
        for index in 0..<6 {
            try workspace.write("tests/s\(index).rsh", ":use scoreboard\nsetScore \(index) 1\n:expect home == \(index)\n")
        }
        try workspace.write("tests/deeper/board.rsh", ":use board\nwrite.updateTitle \"a\"\nwrite.submit\n:expect posts.count == 1\n")
        try workspace.write("tests/notes.txt", "not a script\n")
        let update = try await workspace.shell(["test", "--update", "tests"])
        #expect(update.status == 0 && update.lastStdoutLine == "7 written", "\(update.transcript)")
        try workspace.write("tests/s3.rsh", ":use scoreboard\nsetScore 3 1\n:expect home == 4\nbogus\n")
    }

    @Test func foldersRunInParallelWithTheReportsInTheOrderOfTheScripts() async throws {
        try await withWorkspace { workspace in
            try await suite(in: workspace)
            let serial = try await workspace.shell(["test", "-j", "1", "tests"])
            let parallel = try await workspace.shell(["test", "-j", "3", "tests"])
            #expect(parallel.status == 1, "\(parallel.transcript)")
            #expect(parallel.stdout == serial.stdout, "\(parallel.transcript)\n--- -j 1:\n\(serial.transcript)")
            let results = parallel.stdoutLines.filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
            #expect(results == [
                "✓ tests/deeper/board.rsh", "✓ tests/s0.rsh", "✓ tests/s1.rsh", "✓ tests/s2.rsh",
                "✗ tests/s3.rsh: output differs from tests/s3.out", "✓ tests/s4.rsh", "✓ tests/s5.rsh",
            ], "\(parallel.transcript)")
            #expect(parallel.lastStdoutLine == "6 matched, 1 differ")
        }
    }

    @Test func shardsSplitTheScriptsStablyAndTogetherCoverThemAll() async throws {
        try await withWorkspace { workspace in
            try await suite(in: workspace)
            var seen: [String] = []
            for shard in 1...3 {
                let forward = try await workspace.shell(["test", "--shard", "\(shard)/3", "tests"])
                let named = ["tests/s5.rsh", "tests/s4.rsh", "tests/s3.rsh", "tests/s2.rsh", "tests/s1.rsh", "tests/s0.rsh", "tests/deeper/board.rsh"]
                let backward = try await workspace.shell(["test", "--shard", "\(shard)/3"] + named)
                let scripts = forward.stdoutLines.filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }.map { String($0.dropFirst(2).prefix { $0 != ":" }) }
                let others = backward.stdoutLines.filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }.map { String($0.dropFirst(2).prefix { $0 != ":" }) }
                #expect(Set(scripts) == Set(others), "the same slice whatever the order: \(forward.transcript)\n\(backward.transcript)")
                #expect(scripts.count >= 2 && scripts.count <= 3, "\(forward.transcript)")
                seen += scripts
            }
            #expect(seen.sorted() == ["tests/deeper/board.rsh", "tests/s0.rsh", "tests/s1.rsh", "tests/s2.rsh", "tests/s3.rsh", "tests/s4.rsh", "tests/s5.rsh"])
        }
    }

    @Test(.enabled(if: pythonHasJUnitParser, "python3 with junitparser (scripts/install-deps installs it)"))
    func junitXMLIsReadByAJUnitParser() async throws {
        try await withWorkspace { workspace in
            try await suite(in: workspace)
            let result = try await workspace.shell(["test", "-j", "2", "--junit", "report.xml", "tests"])
            #expect(result.status == 1, "\(result.transcript)")
            try workspace.write("read.py", """
                import sys
                from junitparser import JUnitXml, Failure
                xml = JUnitXml.fromfile(sys.argv[1])
                for suite in xml:
                    print("suite", suite.name, suite.tests, suite.failures, suite.errors)
                    for case in suite:
                        failures = [r for r in case.result if isinstance(r, Failure)]
                        print("case", case.classname, case.name, "FAILED" if failures else "ok", failures[0].message if failures else "")
                        if failures:
                            print("text", failures[0].text.splitlines()[0])
                """)
            let read = try await ShellProcess.run(
                ["python3", "read.py", "report.xml"], workingDirectory: workspace.path, executable: "/usr/bin/env")
            #expect(read.status == 0, "\(read.transcript)")
            #expect(read.stdoutLines == [
                "suite reactor-shell test 7 1 0",
                "case tests/deeper board.rsh ok ",
                "case tests s0.rsh ok ", "case tests s1.rsh ok ", "case tests s2.rsh ok ",
                "case tests s3.rsh FAILED output differs from tests/s3.out",
                "text --- tests/s3.out",
                "case tests s4.rsh ok ", "case tests s5.rsh ok ",
            ], "\(read.transcript)")
        }
    }

    @Test func underGitHubActionsEachFailureIsAnAnnotation() async throws {
        try await withWorkspace { workspace in
            try await suite(in: workspace)
            try workspace.write("tests/s4.rsh", ":use scoreboard\nsetScore 4 1\n:expect home == 4\nawayScore\n")
            let result = try await workspace.shell(["test", "-j", "2", "tests"], environment: ["GITHUB_ACTIONS": "true"])
            let annotations = result.stdoutLines.filter { $0.hasPrefix("::") }
            #expect(annotations == [
                "::error file=tests/s3.rsh,line=3,col=1::expectation failed: home == 4; actual: 3",
                "::error file=tests/s3.rsh,line=4,col=1::unknown action 'bogus'; the actions of scoreboard are homeScore, awayScore, resetScore, setScore",
                "::error file=tests/s4.out,line=5::tests/s4.rsh: output differs from tests/s4.out from this line on",
            ], "\(result.transcript)")
            let plain = try await workspace.shell(["test", "tests"], environment: ["GITHUB_ACTIONS": nil])
            #expect(!plain.stdout.contains("::error"), "\(plain.transcript)")
        }
    }

    /// Workers run script after script; a reactor that traps ends its worker, which costs only
    /// the script it was running (reported with the crash report and the signal), and another
    /// worker takes its place for the scripts after it.
    @Test func aTrappingScriptFailsAloneAndItsWorkerIsReplaced() async throws {
        let shell = try CrashReportTests.trappingShell()
        try await withWorkspace { workspace in
            for index in 0..<8 where index != 2 && index != 5 {
                try workspace.write("tests/t\(index).rsh", ":use tally\nadd \(index)\n:expect total == \(index)\n")
            }
            for index in [2, 5] {
                try workspace.write("tests/t\(index).rsh", ":use tally\nadd 1\nadd 9223372036854775807\nadd 3\n")
                try workspace.write("tests/t\(index).out", "")
            }
            let update = try await ShellProcess.run(
                ["test", "--update", "-j", "2", "tests/t0.rsh", "tests/t1.rsh", "tests/t3.rsh", "tests/t4.rsh", "tests/t6.rsh", "tests/t7.rsh"],
                workingDirectory: workspace.path, executable: shell)
            #expect(update.status == 0 && update.lastStdoutLine == "6 written", "\(update.transcript)")
            let result = try await ShellProcess.run(
                ["test", "-j", "2", "--junit", "report.xml", "tests"], workingDirectory: workspace.path, executable: shell)
            #expect(result.status == 1, "\(result.transcript)")
            let results = result.stdoutLines.filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
            #expect(results == [
                "✓ tests/t0.rsh", "✓ tests/t1.rsh", "✗ tests/t2.rsh: output differs from tests/t2.out", "✓ tests/t3.rsh",
                "✓ tests/t4.rsh", "✗ tests/t5.rsh: output differs from tests/t5.out", "✓ tests/t6.rsh", "✓ tests/t7.rsh",
            ], "\(result.transcript)")
            for script in ["tests/t2.rsh", "tests/t5.rsh"] {
                let report = result.stdoutLines.filter { $0.hasPrefix("+") && $0.contains(": crashed (a trap") }
                #expect(report.contains { $0.hasSuffix(" while running \(script):3") }, "\(result.transcript)")
            }
            #expect(result.stdoutLines.filter { $0 == "+the script's process was killed by signal 4" }.count == 2, "\(result.transcript)")
            #expect(result.lastStdoutLine == "6 matched, 2 differ", "\(result.transcript)")
            let junit = try String(contentsOfFile: workspace.path + "/report.xml", encoding: .utf8)
            #expect(junit.contains("tests=\"8\"") && junit.contains("failures=\"2\""), "\(junit)")
        }
    }

    @Test func badJobsAndShardsAreUsageErrors() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", "increase\n")
            for arguments in [["-j", "0"], ["--shard", "3/2"], ["--shard", "x"], ["--shard", "0/2"]] {
                let result = try await workspace.shell(["test"] + arguments + ["a.rsh"])
                #expect(result.status == 2, "\(arguments): \(result.transcript)")
            }
            let missing = try await workspace.shell(["test", "nowhere"])
            #expect(missing.status == 2 && missing.stderr.contains("cannot read 'nowhere'"), "\(missing.transcript)")
        }
    }
}

/// Whether the `python3` on the PATH (the one scripts/install-deps installs junitparser for) can
/// import junitparser.
let pythonHasJUnitParser: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import junitparser"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()
