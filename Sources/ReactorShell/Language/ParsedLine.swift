/// One parsed line of the command language.
public enum ParsedLine: Sendable, Hashable {
    /// A blank line or a comment.
    case empty
    /// `[REACTOR.]ACTION [ARG ...] [&]`: an action for a reactor, not yet checked against its declarations.
    case action(ActionInvocation)
    /// `:NAME [ARG ...]`: a meta command with validated arguments.
    case meta(MetaInvocation)
}

/// An action line as written: target, name and arguments with their positions.
///
/// Bind it to the reactor's declarations with `CommandSignature.bind(_:)`.
public struct ActionInvocation: Sendable, Hashable {
    /// The file and line it came from.
    public var origin: LineOrigin
    /// The reactor named by a `REACTOR.` prefix, or nil for the focused reactor.
    ///
    /// A `let`: with an optional stored `var`, Swift 6.3's optimizer copies and destroys the whole
    /// struct each time one is made (measurable on every parsed line).
    public let reactor: LocatedText?
    /// The action's name.
    public var name: LocatedText
    /// The arguments in the order written.
    public var arguments: [ParsedArgument]
    /// True when the line ended in ` &` (do not wait for the action's effects).
    public var isBackground: Bool
    /// The column just after the last argument (where a missing argument is reported).
    public var endColumn: Int

    /// Creates an invocation.
    public init(origin: LineOrigin, reactor: LocatedText?, name: LocatedText, arguments: [ParsedArgument], isBackground: Bool, endColumn: Int) {
        self.origin = origin
        self.reactor = reactor
        self.name = name
        self.arguments = arguments
        self.isBackground = isBackground
        self.endColumn = endColumn
    }

    /// The target as written: `increase` or `write.submit`.
    public var qualifiedName: String {
        if let reactor { return reactor.text + "." + name.text }
        return name.text
    }
}

/// One argument of an action line: positional (`3`) or labelled (`home: 3`, `home=3`).
public struct ParsedArgument: Sendable, Hashable {
    /// The label, when the argument was written with one (a `let` for the reason given at
    /// ``ActionInvocation/reactor``).
    public let label: LocatedText?
    /// The value.
    public var value: ValueLiteral

    /// Creates an argument.
    public init(label: LocatedText?, value: ValueLiteral) {
        self.label = label
        self.value = value
    }
}

/// A meta command line as parsed.
public struct MetaInvocation: Sendable, Hashable {
    /// The file and line it came from.
    public var origin: LineOrigin
    /// The column of the leading `:`.
    public var column: Int
    /// The command and its validated arguments.
    public var command: MetaCommand

    /// Creates a meta invocation.
    public init(origin: LineOrigin, column: Int, command: MetaCommand) {
        self.origin = origin
        self.column = column
        self.command = command
    }
}
