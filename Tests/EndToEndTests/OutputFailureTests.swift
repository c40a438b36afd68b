import Foundation
import Testing
import TestSupport

/// SPEC §6: output errors are not silent, a closed pipe stops the run at once and quietly, and
/// SIGINT/SIGTERM/SIGHUP in a batch run flush what was printed before the exit status 128 + N.
@Suite("Output failures and signals")
struct OutputFailureTests {
    /// Runs `command` with bash in `workspace`; `$0` is the built `reactor-shell`.
    static func bash(_ command: String, in workspace: ScriptWorkspace) async throws -> ShellProcessResult {
        try await ShellProcess.run(
            ["-c", command, try ShellProcess.executablePath()], workingDirectory: workspace.path,
            executable: "/bin/bash")
    }

    @Test func aFullDiskIsAWriteErrorAndExitStatus1() async throws {
        try await withWorkspace { workspace in
            try workspace.write("script.rsh", "increase\n:expect value == 1\n")
            let result = try await Self.bash(#""$0" run script.rsh > /dev/full"#, in: workspace)
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines == ["reactor-shell: cannot write to standard output: No space left on device"],
                    "\(result.transcript)")
        }
    }

    @Test func aClosedStandardOutputIsAWriteErrorAndExitStatus1() async throws {
        try await withWorkspace { workspace in
            try workspace.write("script.rsh", "increase\n:save saved.rsh\n")
            let result = try await Self.bash(#""$0" run script.rsh >&-"#, in: workspace)
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines == ["reactor-shell: cannot write to standard output: Bad file descriptor"],
                    "\(result.transcript)")
            // The file `:save` opened did not become "standard output".
            #expect(try workspace.read("saved.rsh").hasPrefix("# reactor-shell session saved"))
        }
    }

    @Test func aClosedPipeStopsTheRunAtOnceAndQuietly() async throws {
        try await withWorkspace { workspace in
            // Far more output than a pipe holds, then a line that would show the run went on.
            let script = String(repeating: "increase\n", count: 20_000) + ":save went-on.rsh\n"
            try workspace.write("script.rsh", script)
            let result = try await Self.bash(
                #""$0" run script.rsh | head -1; echo "status ${PIPESTATUS[0]}" >&2"#, in: workspace)
            #expect(result.stdoutLines == ["  · setLoading(true)"], "\(result.transcript)")
            #expect(result.stderrLines == ["status 141"], "\(result.transcript)")  // SIGPIPE, no message
            #expect(!FileManager.default.fileExists(atPath: workspace.path + "/went-on.rsh"))
        }
    }

    @Test(arguments: [("INT", 130), ("TERM", 143), ("HUP", 129)])
    func aSignalInABatchRunFlushesWhatWasPrinted(signal: String, status: Int) async throws {
        try await withWorkspace { workspace in
            // `:save` marks that the diff of `increase` is printed (still in the buffer) and the
            // shell is in its long `:sleep`.
            try workspace.write("script.rsh", "increase\n:save ready.rsh\n:sleep 60s\nincrease\n")
            let result = try await Self.bash("""
                "$0" run script.rsh > out.txt 2> err.txt & pid=$!
                while [ ! -e ready.rsh ]; do sleep 0.05; done
                kill -\(signal) $pid; wait $pid; echo "status $?"
                """, in: workspace)
            #expect(result.stdoutLines == ["status \(status)"], "\(result.transcript)")
            let output = try workspace.read("out.txt")
            #expect(output.contains("value: 0 → 1"), "\(output)")
            #expect(output.contains("saved 2 commands"), "\(output)")
            #expect(try workspace.read("err.txt") == "")
        }
    }
}
