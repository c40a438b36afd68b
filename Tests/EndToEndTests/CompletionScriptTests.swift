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
        #expect(try await complete(["reactor-shell", "run", "--st"]) == ["--step", "--step-delay"])
        #expect(try await complete(["reactor-shell", "run", "--serve-"]) == ["--serve-exit", "--serve-host", "--serve-port"])
        #expect(try await complete(["reactor-shell", "run", "--e"]) == ["--echo"])
    }

    @Test func registryNamesAfterReactor() async throws {
        #expect(try await complete(["reactor-shell", "--reactor", "s"]) == ["scoreboard"])
        #expect(try await complete(["reactor-shell", "run", "--reactor", "c"]) == ["counter"])
    }
}

/// The zsh and fish completion scripts: zsh parses its script and gets the completion function;
/// fish, asked what completes a command line (`complete -C`), offers each command's flags. (The
/// registry names after `--reactor` come from a call back into the binary that both shells make
/// only from an interactive line editor.)
@Suite("zsh and fish completion scripts")
struct OtherShellCompletionScriptTests {
    /// The script the binary generates for `shell`, written to a temporary file.
    private func script(for shell: String) async throws -> URL {
        let script = try await ShellProcess.run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.transcript)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString).\(shell)")
        try script.stdout.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh"))
    func zshParsesTheScriptAndDefinesItsFunction() async throws {
        let file = try await script(for: "zsh")
        defer { try? FileManager.default.removeItem(at: file) }
        let syntax = try await ShellProcess.run(["-n", file.path], executable: "/usr/bin/zsh")
        #expect(syntax.status == 0, "\(syntax.transcript)")
        let loaded = try await ShellProcess.run(
            ["-c", "autoload -U compinit && compinit -u -D && source '\(file.path)' && whence -w _reactor-shell"],
            environment: ["HOME": FileManager.default.temporaryDirectory.path], executable: "/usr/bin/zsh")
        #expect(loaded.stdout.contains("_reactor-shell: function"), "\(loaded.transcript)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "needs fish"))
    func fishOffersEachCommandsFlags() async throws {
        let file = try await script(for: "fish")
        defer { try? FileManager.default.removeItem(at: file) }
        func candidates(_ line: String) async throws -> [String] {
            let result = try await ShellProcess.run(
                ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"],
                environment: ["HOME": FileManager.default.temporaryDirectory.path], executable: "/usr/bin/fish")
            #expect(result.status == 0, "\(result.transcript)")
            return result.stdoutLines.compactMap { $0.split(separator: "\t").first.map(String.init) }
        }
        #expect(try await candidates("reactor-shell run --st") == ["--step", "--step-delay"])
        #expect(try await candidates("reactor-shell --fo") == ["--format"])
        #expect(try await candidates("reactor-shell test --up") == ["--update"])
    }
}

