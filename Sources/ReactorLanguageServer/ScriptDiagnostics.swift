import ReactorShell
import StateDiff

/// The diagnostics of a document, as `reactor-shell check` gives them, turned into LSP diagnostics whose range
/// covers the token the shell's column points at.
enum ScriptDiagnostics {
    /// The problems `check` finds in `document`'s text (a script it loads is checked where it is
    /// loaded; the problems inside that file are its own document's).
    @MainActor
    static func diagnose(_ document: TextDocument, checker: ScriptChecker) -> [Diagnostic] {
        let source = document.path ?? "<\(document.uri)>"
        return checker.check(text: document.text, source: source).filter { $0.source == source }
    }

    /// The LSP form of `diagnostic` (an error on its line of `document`): from its column to the
    /// end of the token there (a column where the lexer finds no token: to the end of the line).
    static func json(_ diagnostic: Diagnostic, in document: TextDocument) -> StateValue {
        let lineIndex = max(0, diagnostic.line - 1)
        let line = document.line(lineIndex) ?? ScriptLine(text: "", utf16Start: 0)
        let start = line.utf16Offset(ofColumn: diagnostic.column)
        var end = line.utf16Offset(ofColumn: Int.max)
        if let tokens = try? Lexer.tokenize(line.text).tokens,
           var index = tokens.firstIndex(where: { $0.column <= diagnostic.column && diagnostic.column < $0.endColumn }) {
            // A meta command's `:` and its name are one thing to the reader.
            if index == 0, tokens[0].kind == .colon, tokens.count > 1, tokens[1].isAttached { index = 1 }
            end = line.utf16Offset(ofColumn: tokens[index].endColumn)
        }
        return .fields([
            "range": LineRange(line: lineIndex, start: start, end: max(start, end)).json,
            "severity": .int(1),
            "source": .string("reactor-shell"),
            "message": .string(diagnostic.message),
        ])
    }
}
