/// One lexical element of a command line, with its position.
public struct Token: Sendable, Hashable {
    /// What the token is.
    public var kind: TokenKind
    /// The 1-based column (in characters) of its first character.
    public var column: Int
    /// The 1-based column just after its last character.
    public var endColumn: Int
    /// True when no blank separates this token from the previous one (e.g. `home` and `:` in `home:`).
    public var isAttached: Bool
    /// The token exactly as written in the line (quotes and escapes included for strings).
    public var text: String

    /// Creates a token.
    public init(kind: TokenKind, column: Int, endColumn: Int, isAttached: Bool, text: String) {
        self.kind = kind
        self.column = column
        self.endColumn = endColumn
        self.isAttached = isAttached
        self.text = text
    }
}

/// The kinds of tokens of the command language.
public enum TokenKind: Sendable, Hashable {
    /// A bare word: a run of characters without blanks, quotes, `#`, `:`, `=`, `[`, `]` or `,`.
    case word(String)
    /// A double-quoted string, escapes already decoded.
    case string(String)
    /// An integer literal such as `42` or `-7`.
    case int(Int)
    /// A floating-point literal such as `3.5`, `-0.25` or `1e3`.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `nil`.
    case `nil`
    /// `:` (meta commands, labels, `REACTOR:` path prefixes).
    case colon
    /// `=` (labels, comparison operators).
    case equals
    /// `[` (arrays, path indices).
    case leftBracket
    /// `]`.
    case rightBracket
    /// `,` (array elements).
    case comma
}
