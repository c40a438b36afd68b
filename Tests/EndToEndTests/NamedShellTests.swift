import Foundation
import Testing
import TestSupport

/// The custom shell of examples/custom-shell, which names itself `todo-shell` 1.2.0: its name
/// in help, version and banner, its own history file and `~/.inputrc` block. Runs when
/// `TODO_SHELL_EXECUTABLE` names its binary (scripts/check-by-version builds it against a
/// tagged clone of this package and sets it).
@Suite("A named custom shell (examples/custom-shell)", .enabled(if: todoShellExecutable != nil, "TODO_SHELL_EXECUTABLE not set"))
struct NamedShellTests {
    private var binary: String { todoShellExecutable ?? "/nonexistent/todo-shell" }

    private func run(_ arguments: [String], input: ShellProcessInput = .none) async throws -> ShellProcessResult {
        try await ShellProcess.run(arguments, input: input, executable: binary)
    }

    @Test func versionAndHelpNameTheShellAndItsOptions() async throws {
        let version = try await run(["--version"])
        #expect(version.status == 0 && version.stdout == "1.2.0\n", "\(version.transcript)")
        let help = try await run(["--help"])
        #expect(help.status == 0, "\(help.transcript)")
        #expect(help.stdout.hasPrefix("OVERVIEW: A to-do list"), "\(help.transcript)")
        // The usage line is shortened to `<options>` (the root command has many); the options list names each.
        #expect(help.stdout.contains("USAGE: todo-shell <options> <subcommand>"), "\(help.transcript)")
        #expect(help.stdout.contains("  --reactor <name>") && help.stdout.contains("  --fetcher <stub|network|record|replay>"), "\(help.transcript)")
        #expect(help.stdout.contains("GITHUB-SEARCH OPTIONS:"), "its registry holds github-search: \(help.transcript)")
        #expect(!help.stdout.contains("reactor-shell"), "\(help.transcript)")
        let bad = try await run(["--bogus"])
        #expect(bad.status == 2 && bad.stderr.contains("See 'todo-shell --help'"), "\(bad.transcript)")
    }

    @Test func itsOwnReactorComesFirstAndTheBuiltInsFollow() async throws {
        let list = try await run(["list"])
        #expect(list.stdoutLines.map { String($0.prefix { $0 != " " }) } == ["todo", "counter", "github-search", "scoreboard", "board"],
                "\(list.transcript)")
        let piped = try await run([], input: .text("add milk\n:expect remaining == 1\n"))
        #expect(piped.status == 0 && piped.lastStdoutLine == "1 passed, 0 failed, 0 errors", "\(piped.transcript)")
    }

    @Test func checkKnowsItsOwnReactor() async throws {
        try await withWorkspace { workspace in
            try workspace.write("todo.rsh", "add milk\nadd\n:expect remainin == 1\n")
            let result = try await ShellProcess.run(["check", "todo.rsh"], workingDirectory: workspace.path, executable: binary)
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stdoutLines.first?.hasPrefix("todo.rsh:2:4: add: missing argument") == true, "\(result.transcript)")
            #expect(result.stdoutLines.dropFirst().first?.hasPrefix("todo.rsh:3:1: expectation failed: remainin == 1; no field 'remainin' in state") == true, "\(result.transcript)")
        }
    }

    @Test func itsLanguageServerChecksAgainstItsOwnRegistry() async throws {
        func framed(_ json: String) -> String { "Content-Length: \(json.utf8.count)\r\n\r\n" + json }
        let session = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:t","languageId":"rsh","version":1,"text":"add milk\nadd\n"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ].map(framed).joined()
        let result = try await run(["lsp"], input: .text(session))
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stdout.contains(#""serverInfo":{"name":"todo-shell lsp","version":"1.2.0"}"#), "\(result.transcript)")
        // The to-do reactor's own declaration: `add` needs its text.
        #expect(result.stdout.contains(#""range":{"start":{"line":1,"character":3},"end":{"line":1,"character":3}}"#), "\(result.transcript)")
        #expect(result.stdout.contains(#""message":"add: missing argument"#), "\(result.transcript)")
    }

    @Test(.enabled(if: TerminalSession.isAvailable, "needs tmux"))
    func theBannerHistoryFileAndInputrcBlockAreTheShells() async throws {
        let home = try InteractiveHome()
        try home.write(".inputrc", """
            $if todo-shell
            "\\C-t": "add fromInputrc"
            $endif
            $if reactor-shell
            "\\C-t": ":quit"
            $endif

            """)
        let terminal = try await home.start(command: [binary], waitingFor: "todo>")
        let banner = try terminal.screen()
        #expect(banner.contains("todo-shell 1.2.0 — todo loaded."), "\(banner)")
        if isGNUReadlineBuild {
            try terminal.press(.controlT)
            try await terminal.waitForLastLine("todo> add fromInputrc")
            try terminal.press(.enter)
            try await terminal.waitFor("remaining: 0 → 1")
        } else {
            try terminal.enter("add fromInputrc")
            try await terminal.waitFor("remaining: 0 → 1")
        }
        try terminal.enter(":quit")
        #expect(try await terminal.waitForExitStatus() == 0)
        #expect(home.text(of: home.stateDirectory + "/todo-shell/history") == "add fromInputrc\n:quit\n")
        #expect(home.text(of: home.defaultHistoryPath) == nil, "reactor-shell's history is not touched")

        let elsewhere = home.path + "/todo-history"
        let second = try await home.start(
            command: [binary], environment: ["TODO_SHELL_HISTORY": elsewhere], waitingFor: "todo>")
        try second.enter(":quit")
        #expect(try await second.waitForExitStatus() == 0)
        #expect(home.text(of: elsewhere) == ":quit\n")
    }
}

/// The todo-shell binary of examples/custom-shell, when the environment names one.
let todoShellExecutable = ProcessInfo.processInfo.environment["TODO_SHELL_EXECUTABLE"]
