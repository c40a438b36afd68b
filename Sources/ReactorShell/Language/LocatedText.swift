import StateDiff

/// A piece of text from a command line together with the column where it starts.
public struct LocatedText: Sendable, Hashable, CustomStringConvertible {
    /// The text (for a quoted string: its decoded contents).
    public var text: String
    /// The 1-based column of its first character.
    public var column: Int

    /// Creates a located text.
    public init(_ text: String, column: Int) {
        self.text = text
        self.column = column
    }

    /// The text itself.
    public var description: String { text }
}

/// A state path as written in `:state` or `:expect`: an optional `REACTOR:` prefix and the path text.
///
/// The path text is parsed and evaluated by StateDiff; an empty path means the whole state
/// (`:state board:`).
public struct StatePathReference: Sendable, Hashable, CustomStringConvertible {
    /// The reactor named before `:`, or nil for the focused reactor.
    public var reactor: LocatedText?
    /// The path after the prefix, e.g. `posts[2].title`; may be empty.
    public var path: LocatedText

    /// Creates a reference.
    public init(reactor: LocatedText?, path: LocatedText) {
        self.reactor = reactor
        self.path = path
    }

    /// The reference as written: `write:isDismissed`, `value`, `board:`.
    public var description: String {
        if let reactor { return reactor.text + ":" + path.text }
        return path.text
    }
}

/// The comparison of an `:expect` line: StateDiff's operators (one implementation of their rules).
public typealias ExpectationOperator = ComparisonOperator

extension ComparisonOperator: CustomStringConvertible {
    /// The operator as written.
    public var symbol: String { rawValue }
    /// The operator as written.
    public var description: String { rawValue }
}

/// An `:expect PATH OP VALUE` assertion as parsed.
public struct Expectation: Sendable, Hashable {
    /// Where to read the actual value.
    public var path: StatePathReference
    /// How to compare.
    public var comparison: ExpectationOperator
    /// The column of the operator.
    public var comparisonColumn: Int
    /// The expected value.
    public var expected: ValueLiteral

    /// Creates an expectation.
    public init(path: StatePathReference, comparison: ExpectationOperator, comparisonColumn: Int, expected: ValueLiteral) {
        self.path = path
        self.comparison = comparison
        self.comparisonColumn = comparisonColumn
        self.expected = expected
    }
}
