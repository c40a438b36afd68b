import Foundation
import Testing
import TestSupport

/// The bash completion script the binary generates (`--generate-completion-script bash`), run
/// by bash itself: file names after `run`, registry names after `--reactor` (asked of the binary).
@Suite("Completion scripts", .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
struct CompletionScriptTests {
    /// The candidates bash's completion function offers for the command line `words` (the last
    /// word being completed), in a directory holding `files`.
    private func complete(_ words: [String], files: [String] = []) async throws -> [String] {
        let binary = try ShellProcess.executablePath()
        let script = try await ShellProcess.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0, "\(script.transcript)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let work = directory.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for file in files { try Data().write(to: work.appendingPathComponent(file)) }
        try script.stdout.write(to: directory.appendingPathComponent("completion.bash"), atomically: true, encoding: .utf8)
        let line = words.joined(separator: " ")
        let driver = """
            source ../completion.bash
            COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'
            COMP_POINT=\(line.utf8.count)
            _reactor-shell reactor-shell '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try await ShellProcess.run(
            ["-c", driver], environment: ["PATH": (binary as NSString).deletingLastPathComponent + ":/usr/bin:/bin"],
            workingDirectory: work.path, executable: "/bin/bash")
        #expect(result.status == 0, "\(result.transcript)")
        return result.stdoutLines.filter { !$0.isEmpty }.sorted()
    }

    @Test func fileNamesAfterRun() async throws {
        let candidates = try await complete(["reactor-shell", "run", "co"], files: ["counter.rsh", "count.txt", "board.rsh"])
        #expect(candidates == ["count.txt", "counter.rsh"])
    }

    @Test func runFlagsIncludeStepAndEcho() async throws {
        #expect(try await complete(["reactor-shell", "run", "--s"]) == ["--step"])
        #expect(try await complete(["reactor-shell", "run", "--e"]) == ["--echo"])
    }

    @Test func registryNamesAfterReactor() async throws {
        #expect(try await complete(["reactor-shell", "--reactor", "s"]) == ["scoreboard"])
        #expect(try await complete(["reactor-shell", "run", "--reactor", "c"]) == ["counter"])
    }
}
