import ReactorShell
import StateDiff

/// The diagnostics of a document, as `check` gives them, turned into LSP diagnostics whose range
/// covers the token the shell's column points at.
enum ScriptDiagnostics {
    /// The problems of `document`'s text.
    @MainActor
    static func diagnose(_ document: TextDocument, initialEntry: String?, catalog: SceneCatalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for index in document.lines.indices {
            guard let line = document.line(index) else { continue }
            do {
                _ = try ScriptParser.parse(line.text, origin: LineOrigin(source: document.path ?? document.uri, line: index + 1))
            } catch {
                diagnostics.append(error)
            }
        }
        return diagnostics
    }

    /// The LSP form of `diagnostic` (an error on its line of `document`): from its column to the
    /// end of the token there (a column where the lexer finds no token: to the end of the line).
    static func json(_ diagnostic: Diagnostic, in document: TextDocument) -> StateValue {
        let lineIndex = max(0, diagnostic.line - 1)
        let line = document.line(lineIndex) ?? ScriptLine(text: "", utf16Start: 0)
        let start = line.utf16Offset(ofColumn: diagnostic.column)
        var end = line.utf16Offset(ofColumn: Int.max)
        if let tokens = try? Lexer.tokenize(line.text).tokens,
           let token = tokens.first(where: { $0.column <= diagnostic.column && diagnostic.column < $0.endColumn }) {
            end = line.utf16Offset(ofColumn: token.endColumn)
        }
        return .fields([
            "range": LineRange(line: lineIndex, start: start, end: max(start, end)).json,
            "severity": .int(1),
            "source": .string("reactor-shell"),
            "message": .string(diagnostic.message),
        ])
    }
}
