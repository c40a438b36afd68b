import Testing
@testable import ReactorShell

/// A custom shell's name and version reach help, version, the history path and usage errors.
@Suite("Named shells")
struct ShellIdentityTests {
    private let todo = ShellIdentity(name: "todo-shell", version: "1.2.0", abstract: "Manage to-dos.", banner: "Todo shell")
    private let registry = Registry([
        RegistryEntry(name: "todo", summary: "to-dos") { _ in Scene([]) },
        RegistryEntry(name: "notes", summary: "notes") { _ in Scene([]) },
    ])

    @Test func versionAndHelpNameTheShell() throws {
        guard case .message(let version) = LaunchPlan.parse(["--version"], environment: [:], identity: todo, registry: registry) else {
            Issue.record("no version message")
            return
        }
        #expect(version == "1.2.0")
        guard case .message(let help) = LaunchPlan.parse(["--help"], environment: [:], identity: todo, registry: registry) else {
            Issue.record("no help message")
            return
        }
        #expect(help.hasPrefix("OVERVIEW: Manage to-dos."), "\(help)")
        #expect(help.contains("USAGE: todo-shell "), "\(help)")
        #expect(help.contains("\n  todo-shell --reactor notes  # start on another registry entry\n"),
                "examples name the shell and its registry: \(help)")
        #expect(help.contains("env TODO_SHELL_HISTORY;") && help.contains("$XDG_STATE_HOME/todo-shell/history"), "\(help)")
        #expect(!help.contains("reactor-shell"), "\(help)")
    }

    @Test func usageErrorsAndTheRunHintNameTheShell() throws {
        guard case .usageError(let text) = LaunchPlan.parse(["--bogus"], environment: [:], identity: todo, registry: registry) else {
            Issue.record("not a usage error")
            return
        }
        #expect(text.contains("See 'todo-shell --help'"), "\(text)")
        guard case .usageError(let hint) = LaunchPlan.parse(["list.rsh"], environment: [:], identity: todo, registry: registry) else {
            Issue.record("not a usage error")
            return
        }
        #expect(hint.contains("did you mean `todo-shell run list.rsh`?"), "\(hint)")
    }

    @Test func theConfigurationCarriesTheIdentityOnEveryPath() throws {
        for arguments in [[], ["run", "a.rsh"], ["--no-diff"], ["run", "--bail", "a.rsh"]] {
            switch LaunchPlan.parse(arguments, environment: [:], identity: todo, registry: registry) {
            case .shell(let configuration), .run(let configuration, _):
                #expect(configuration.identity == todo, "\(arguments)")
            default:
                Issue.record("\(arguments): no configuration")
            }
        }
        #expect(ShellConfiguration().identity == .reactorShell)
    }

    @Test func theHistoryVariableIsTheNameUpperCasedWithUnderscores() {
        #expect(ShellIdentity.reactorShell.historyVariable == "REACTOR_SHELL_HISTORY")
        #expect(todo.historyVariable == "TODO_SHELL_HISTORY")
        #expect(ShellIdentity(name: "my.shell2", version: "1").historyVariable == "MY_SHELL2_HISTORY")
        #expect(todo.greeting == "Todo shell")
        #expect(ShellIdentity(name: "x", version: "3.0").greeting == "x 3.0")
    }

    @Test func theHistoryFileLivesUnderTheShellsName() {
        let variables = ["XDG_STATE_HOME": "/state", "HOME": "/home/u", "TODO_SHELL_HISTORY": "/elsewhere/h"]
        func path(_ names: Set<String>) -> String? {
            HistoryStore.resolvePath(
                explicitPath: nil, directoryName: todo.name, environmentVariable: todo.historyVariable,
                environment: { names.contains($0) ? variables[$0] : nil })
        }
        #expect(path(["XDG_STATE_HOME", "HOME"]) == "/state/todo-shell/history")
        #expect(path(["HOME"]) == "/home/u/.local/state/todo-shell/history")
        #expect(path(["XDG_STATE_HOME", "HOME", "TODO_SHELL_HISTORY"]) == "/elsewhere/h")
    }
}
