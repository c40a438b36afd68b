import ReactorShell

extension ShellTool {
    /// `lsp`: a language server for the shell's `.rsh` scripts (LSP 3.17 over standard input and
    /// output), checking and completing them against the shell's registry.
    public static let languageServer = ShellTool(
        name: "lsp", abstract: "A language server for editors (LSP over stdio)."
    ) { invocation in
        var initialEntry: String?
        var arguments = invocation.arguments[...]
        let name = invocation.identity.name
        while let argument = arguments.popFirst() {
            switch argument {
            case "-h", "--help":
                POSIXIO.writeAll(LanguageServerTool.help(shell: name, registry: invocation.registry), to: 1)
                return 0
            case "--stdio":
                break  // the only transport; editors' clients pass it
            case "--reactor":
                guard let value = arguments.popFirst() else { return LanguageServerTool.usageError("--reactor needs a NAME", shell: name) }
                guard invocation.registry.entry(named: value) != nil else {
                    let names = invocation.registry.names.joined(separator: ", ")
                    return LanguageServerTool.usageError("unknown reactor '\(value)'; available: \(names)", shell: name)
                }
                initialEntry = value
            default:
                return LanguageServerTool.usageError("unexpected argument '\(argument)'", shell: name)
            }
        }
        let server = LanguageServer(identity: invocation.identity, registry: invocation.registry, initialEntry: initialEntry)
        return LanguageServerLoop.run(server, transport: MessageTransport()) { message in
            POSIXIO.writeAll("\(name) lsp: \(message)\n", to: 2)
        }
    }
}

/// The `lsp` subcommand's texts.
enum LanguageServerTool {
    static func help(shell: String, registry: Registry) -> String {
        """
        OVERVIEW: A language server for \(shell) scripts (.rsh), for editors.

        Speaks LSP 3.17 (JSON-RPC with Content-Length headers) on standard input and output:
        diagnostics as `\(shell) check` gives them, completion, hover, semantic tokens, and go to
        definition on a `:load` path. Scripts are read against this shell's registry (\(registry.names.joined(separator: ", "))).
        Set-up for Neovim, Helix and VS Code: editors/ in the source repository.

        USAGE: \(shell) lsp [--stdio] [--reactor <name>]

        OPTIONS:
          --stdio                 Accepted for editors' clients; standard input and output are the only transport.
          --reactor <name>        The registry entry a script starts in (default: the first, as `run`).
          -h, --help              Show help information.

        """
    }

    static func usageError(_ message: String, shell: String) -> Int32 {
        POSIXIO.writeAll("Error: \(message)\nUsage: \(shell) lsp [--stdio] [--reactor <name>]\n  See '\(shell) lsp --help' for more information.\n", to: 2)
        return 2
    }
}
