import StateDiff

/// A value written in a command line: an argument of an action or the expected value of `:expect`.
public struct ValueLiteral: Sendable, Hashable {
    /// The forms a value can take.
    public enum Kind: Sendable, Hashable {
        /// An integer such as `42` or `-7`.
        case int(Int)
        /// A floating-point number such as `3.5` or `1e3`.
        case double(Double)
        /// `true` or `false`.
        case bool(Bool)
        /// `nil`.
        case `nil`
        /// A double-quoted string (escapes decoded).
        case string(String)
        /// A bare word without blanks, quotes or `#`, used as a string.
        case word(String)
        /// An array such as `["a", "b"]` (only meaningful for `:expect`).
        case array([ValueLiteral])
    }

    /// The deepest array nesting a literal may have.
    public static let maximumNesting = 32

    /// What the value is.
    public var kind: Kind
    /// The 1-based column of its first character.
    public var column: Int
    /// The value exactly as written (for a String parameter given a number, this is the string used).
    public var text: String {
        get {
            if let writtenText { return writtenText }
            guard case .int(let value) = kind else { return "" }
            return String(value)
        }
        set { writtenText = newValue }
    }
    /// The text as written, or nil for an integer written the way `String(value)` writes it: the
    /// parser's fast path then makes no string for it, since most arguments are such integers and
    /// their text is read only for a `String` parameter or a message.
    private var writtenText: String?

    /// Creates a literal.
    public init(_ kind: Kind, column: Int, text: String) {
        self.kind = kind
        self.column = column
        self.writtenText = text
    }

    /// An integer literal written as `String(value)` writes it (no leading zeros, no `-0`).
    init(canonicalInteger value: Int, column: Int) {
        self.kind = .int(value)
        self.column = column
        self.writtenText = nil
    }

    public static func == (lhs: ValueLiteral, rhs: ValueLiteral) -> Bool {
        lhs.kind == rhs.kind && lhs.column == rhs.column && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(column)
        hasher.combine(text)
    }

    /// The value as a state value: words and strings become strings, `nil` becomes null.
    public var stateValue: StateValue {
        switch kind {
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .bool(let value): .bool(value)
        case .nil: .null
        case .string(let value), .word(let value): .string(value)
        case .array(let elements): .array(elements.map(\.stateValue))
        }
    }

    /// How an error message shows the value: strings and words quoted, the rest as literals.
    public var shownInMessage: String { stateValue.literal(maxLength: 200) }
}
