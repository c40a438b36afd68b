import BuiltinReactors
import ReactorShell

await ReactorShellMain.run(registry: .builtins)
