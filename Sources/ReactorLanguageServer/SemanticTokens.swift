import ReactorShell

/// `textDocument/semanticTokens/full`: each line through the shell's lexer, its tokens named by
/// the role they play in the command language.
enum SemanticTokens {
    /// The token types, in the legend's order (a token's type is its index here).
    enum TokenType: Int, CaseIterable {
        case keyword, function, namespace, parameter, string, number, comment, `operator`, property

        /// The LSP name of the type.
        var name: String { "\(self)" }
    }

    /// One classified span of a line, in the shell's character columns.
    struct Span: Equatable {
        var column: Int
        var endColumn: Int
        var type: TokenType
    }

    /// The meta commands whose first argument is a state path, and whose second is an operator.
    private static let pathCommands: Set<String> = [":state", ":expect", ":watch", ":unwatch", ":break", ":unbreak"]
    /// The meta commands whose argument names a reactor or a registry entry.
    private static let reactorCommands: Set<String> = [":use", ":focus", ":actions", ":reset"]

    /// The LSP encoding of `document`'s tokens: five integers per token, positions relative to the
    /// previous token, in UTF-16 code units.
    static func encode(_ document: TextDocument) -> [Int] {
        var data: [Int] = []
        var previousLine = 0
        var previousStart = 0
        for index in document.lines.indices {
            guard let line = document.line(index) else { continue }
            for span in spans(of: line.text) {
                let start = line.utf16Offset(ofColumn: span.column)
                let end = line.utf16Offset(ofColumn: span.endColumn)
                guard end > start else { continue }
                data += [index - previousLine, index == previousLine ? start - previousStart : start, end - start, span.type.rawValue, 0]
                previousLine = index
                previousStart = start
            }
        }
        return data
    }

    /// The classified spans of one line, in order. A line the lexer rejects gives only its comment
    /// when that is clear (the diagnostic says the rest).
    static func spans(of line: String) -> [Span] {
        guard let tokenized = try? Lexer.tokenize(line) else {
            return line.drop(while: { $0 == " " || $0 == "\t" }).first == "#" ? [comment(in: line, from: 1)].compactMap { $0 } : []
        }
        let tokens = tokenized.tokens
        var spans: [Span] = []
        if let first = tokens.first {
            if first.kind == .colon {
                spans += metaSpans(tokens)
            } else {
                spans += actionSpans(tokens)
            }
        }
        var commentFrom = tokenized.endColumn
        if let column = tokenized.backgroundColumn {
            spans.append(Span(column: column, endColumn: column + 1, type: .operator))
            commentFrom = column + 1
        }
        if let comment = comment(in: line, from: tokens.isEmpty ? 1 : commentFrom) { spans.append(comment) }
        return spans
    }

    private static func actionSpans(_ tokens: [Token]) -> [Span] {
        var spans: [Span] = []
        let first = tokens[0]
        if let word = first.word, let dot = word.firstIndex(of: ".") {
            let prefixLength = word.distance(from: word.startIndex, to: dot)
            spans.append(Span(column: first.column, endColumn: first.column + prefixLength, type: .namespace))
            spans.append(Span(column: first.column + prefixLength + 1, endColumn: first.endColumn, type: .function))
        } else {
            spans.append(Span(column: first.column, endColumn: first.endColumn, type: .function))
        }
        var index = 1
        while index < tokens.count {
            let token = tokens[index]
            if token.word != nil, index + 1 < tokens.count, tokens[index + 1].isAttached,
               tokens[index + 1].kind == .colon || tokens[index + 1].kind == .equals {
                spans.append(Span(column: token.column, endColumn: token.endColumn, type: .parameter))
                index += 2
                continue
            }
            if let type = valueType(token) { spans.append(Span(column: token.column, endColumn: token.endColumn, type: type)) }
            index += 1
        }
        return spans
    }

    private static func metaSpans(_ tokens: [Token]) -> [Span] {
        guard tokens.count > 1, let name = tokens[1].word, tokens[1].isAttached else {
            return [Span(column: tokens[0].column, endColumn: tokens[0].endColumn, type: .keyword)]
        }
        let command = ":" + name
        var spans = [Span(column: tokens[0].column, endColumn: tokens[1].endColumn, type: .keyword)]
        var index = 2
        if pathCommands.contains(command), index < tokens.count {
            // The path: its first token and every token attached to it (`write:posts[0].title`).
            repeat {
                let token = tokens[index]
                if token.word != nil { spans.append(Span(column: token.column, endColumn: token.endColumn, type: .property)) }
                if case .int = token.kind { spans.append(Span(column: token.column, endColumn: token.endColumn, type: .number)) }
                index += 1
            } while index < tokens.count && tokens[index].isAttached
            // The operator: `==`, `<=`, `contains`…
            if index < tokens.count {
                let start = tokens[index]
                var end = start
                index += 1
                while index < tokens.count, tokens[index].isAttached, tokens[index].kind == .equals {
                    end = tokens[index]
                    index += 1
                }
                spans.append(Span(column: start.column, endColumn: end.endColumn, type: .operator))
            }
        }
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if let word = token.word {
                if word.hasPrefix("--") {
                    spans.append(Span(column: token.column, endColumn: token.endColumn, type: .parameter))
                } else if reactorCommands.contains(command) {
                    spans.append(Span(column: token.column, endColumn: token.endColumn, type: .namespace))
                } else if command == ":set" && index == 3 {
                    spans.append(Span(column: token.column, endColumn: token.endColumn, type: .property))
                } else if command == ":help" {
                    spans.append(Span(column: token.column, endColumn: token.endColumn, type: .function))
                } else {
                    spans.append(Span(column: token.column, endColumn: token.endColumn, type: .string))
                }
            } else if let type = valueType(token) {
                spans.append(Span(column: token.column, endColumn: token.endColumn, type: type))
            }
        }
        return spans
    }

    /// The type of a value token (a bare word is a string); nil for punctuation.
    private static func valueType(_ token: Token) -> TokenType? {
        switch token.kind {
        case .word, .string: .string
        case .int, .double: .number
        case .bool, .nil: .keyword
        case .colon, .equals, .leftBracket, .rightBracket, .comma: nil
        }
    }

    /// The comment of `line`: from its first `#` at or after character `column` to the end.
    private static func comment(in line: String, from column: Int) -> Span? {
        var current = 1
        var total = 0
        var hash: Int?
        for character in line {
            if hash == nil, current >= column, character == "#" { hash = current }
            current += 1
            total += 1
        }
        guard let hash else { return nil }
        return Span(column: hash, endColumn: total + 1, type: .comment)
    }
}
