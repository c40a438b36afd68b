import BuiltinReactors
import ReactorLanguageServer
import ReactorShell
import TodoList

// The whole custom shell, under its own name: our reactor first (loaded at start), then the
// built-in ones; same flags and language as reactor-shell. Its history lives in
// $XDG_STATE_HOME/todo-shell/history, and ~/.inputrc blocks `$if todo-shell` apply to it.
// `todo-shell lsp` is a language server for editors that knows the to-do reactor.
await ReactorShellMain.run(
    name: "todo-shell", version: "1.2.0",
    abstract: "A to-do list (and the built-in reactors) in a scriptable shell.",
    registry: Registry([TodoReactor.entry]) + Registry.builtins.entries,
    tools: [.languageServer])
