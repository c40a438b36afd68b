import ReactorShell
import StateDiff

/// `textDocument/hover`: a meta command's help (as `:help :NAME` shows it), an action's signature
/// and doc line (as `:help ACTION`), an argument label's parameter, a registry entry's summary.
@MainActor
enum HoverText {
    /// The hover at UTF-16 `character` of `line` in `scene`, or null.
    static func hover(line: ScriptLine, lineNumber: Int, character: Int, scene: SceneAtLine, registry: Registry) -> StateValue {
        guard let tokens = try? Lexer.tokenize(line.text).tokens, !tokens.isEmpty else { return .null }
        let column = line.column(ofUTF16: character)
        guard let index = tokens.firstIndex(where: { $0.column <= column && column < $0.endColumn }) else { return .null }
        guard let (markdown, token) = text(at: index, of: tokens, scene: scene, registry: registry) else { return .null }
        let range = LineRange(
            line: lineNumber, start: line.utf16Offset(ofColumn: token.column), end: line.utf16Offset(ofColumn: token.endColumn))
        return .fields([
            "contents": .fields(["kind": .string("markdown"), "value": .string(markdown)]),
            "range": range.json,
        ])
    }

    /// The text for token `index`, and the token (or the meta command's name) it covers.
    private static func text(at index: Int, of tokens: [Token], scene: SceneAtLine, registry: Registry) -> (String, Token)? {
        if tokens[0].kind == .colon {
            guard tokens.count > 1, let name = tokens[1].word, tokens[1].isAttached else { return nil }
            let nameToken = Token(
                kind: .word(":" + name), column: tokens[0].column, endColumn: tokens[1].endColumn, isAttached: false, text: ":" + name)
            if index <= 1 {
                return MetaCommandHelp.entry(named: ":" + name).map { (metaHelp($0), nameToken) }
            }
            guard index == 2, let argument = tokens[2].word else { return nil }
            switch ":" + name {
            case ":use":
                return registry.entry(named: argument).map { ("`\($0.name)`: \($0.summary)", tokens[2]) }
            case ":help":
                if let entry = MetaCommandHelp.entry(named: argument) { return (metaHelp(entry), tokens[2]) }
                return scene.signature(ofAction: argument).map { (actionHelp($0), tokens[2]) }
            default:
                return nil
            }
        }
        guard let action = tokens[0].word, let signature = scene.signature(ofAction: action) else { return nil }
        if index == 0 { return (actionHelp(signature), tokens[0]) }
        if let label = tokens[index].word, index + 1 < tokens.count, tokens[index + 1].isAttached,
           tokens[index + 1].kind == .colon || tokens[index + 1].kind == .equals,
           let parameter = signature.parameter(label) {
            return ("```\n\(parameter.signature)\n```\nargument of `\(signature.signatureText)`", tokens[index])
        }
        return nil
    }

    private static func metaHelp(_ entry: MetaCommandHelp) -> String {
        "```\n\(entry.usage)\n```\n\(entry.summary)\n\n\(entry.details)"
    }

    private static func actionHelp(_ signature: CommandSignature) -> String {
        "```\n\(signature.signatureText)\n```" + (signature.doc.isEmpty ? "" : "\n\(signature.doc)")
    }
}

extension Token {
    /// The word, when the token is a bare word.
    var word: String? {
        if case .word(let text) = kind { return text }
        return nil
    }
}
