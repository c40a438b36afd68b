import BuiltinReactors
import ReactorShell

// The whole custom shell: the built-in registry plus our own reactor, same flags and language.
await ReactorShellMain.run(registry: .builtins + [TodoReactor.entry])
