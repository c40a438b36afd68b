import BuiltinReactors
import ReactorLanguageServer
import ReactorShell

await ReactorShellMain.run(registry: .builtins, tools: [.languageServer])
