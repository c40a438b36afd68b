import ReactorShell
import StateDiff

/// What the server tells the client it can do (the answer to `initialize`).
enum ServerCapabilities {
    /// The `InitializeResult`: full document sync, completion, hover, definition and full
    /// semantic tokens, positions in UTF-16 (the protocol's default).
    static func initializeResult(identity: ShellIdentity) -> StateValue {
        .fields([
            "capabilities": .fields([
                "positionEncoding": .string("utf-16"),
                "textDocumentSync": .fields(["openClose": .bool(true), "change": .int(1)]),
                "completionProvider": .fields([
                    "triggerCharacters": .array([":", ".", "/"].map(StateValue.string)),
                ]),
                "hoverProvider": .bool(true),
                "definitionProvider": .bool(true),
                "semanticTokensProvider": .fields([
                    "legend": .fields([
                        "tokenTypes": .array(SemanticTokens.TokenType.allCases.map { .string($0.name) }),
                        "tokenModifiers": .array([]),
                    ]),
                    "full": .bool(true),
                ]),
            ]),
            "serverInfo": .fields(["name": .string("\(identity.name) lsp"), "version": .string(identity.version)]),
        ])
    }
}
