/// A subcommand that lives outside the shell library, which a shell opts into: the executable
/// passes the language server's (`ReactorLanguageServer`) to ``ReactorShellMain``, and so can a
/// named shell, whose registry the tool then works with.
///
/// ```swift
/// await ReactorShellMain.run(name: "todo-shell", version: "1.2.0",
///                            registry: registry, tools: [.languageServer])
/// ```
public struct ShellTool: Sendable {
    /// The subcommand's name, the first argument that selects it (`lsp`).
    public let name: String
    /// One line for the shell's `--help`.
    public let abstract: String
    /// Runs the tool; the result is the process's exit status.
    public let run: @MainActor @Sendable (ShellToolInvocation) async -> Int32

    /// Creates a tool.
    public init(name: String, abstract: String, run: @escaping @MainActor @Sendable (ShellToolInvocation) async -> Int32) {
        self.name = name
        self.abstract = abstract
        self.run = run
    }
}

/// What a ``ShellTool`` is run with.
public struct ShellToolInvocation: Sendable {
    /// The shell that runs it (its name for messages and `--help`).
    public let identity: ShellIdentity
    /// The shell's registry.
    public let registry: Registry
    /// The arguments after the tool's name.
    public let arguments: [String]
    /// The process environment.
    public let environment: [String: String]

    /// Creates an invocation.
    public init(identity: ShellIdentity, registry: Registry, arguments: [String], environment: [String: String]) {
        self.identity = identity
        self.registry = registry
        self.arguments = arguments
        self.environment = environment
    }
}

extension ShellTool {
    /// `text` (a help text of the root command) with a line for each of `tools` in its
    /// `SUBCOMMANDS:` section, laid out like ArgumentParser's own lines; other texts unchanged.
    package static func amendHelp(_ text: String, tools: [ShellTool]) -> String {
        guard !tools.isEmpty, let section = text.firstRange(of: "\nSUBCOMMANDS:\n") else { return text }
        let lines = tools.map { "  " + $0.name.padded(to: 24) + $0.abstract }
        var result = text
        let end = result[section.upperBound...].firstRange(of: "\n\n")?.lowerBound ?? result.endIndex
        result.insert(contentsOf: "\n" + lines.joined(separator: "\n"), at: end)
        return result
    }
}
