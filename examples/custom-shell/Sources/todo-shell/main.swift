import BuiltinReactors
import TodoList
import ReactorShell

// The whole custom shell, under its own name: our reactor first (loaded at start), then the
// built-in ones; same flags and language as reactor-shell. Its history lives in
// $XDG_STATE_HOME/todo-shell/history, and ~/.inputrc blocks `$if todo-shell` apply to it.
await ReactorShellMain.run(
    name: "todo-shell", version: "1.2.0",
    abstract: "A to-do list (and the built-in reactors) in a scriptable shell.",
    registry: Registry([TodoReactor.entry]) + Registry.builtins.entries)
