/// Where a line of commands came from: a script file's name (or `<stdin>`) and its 1-based line number.
public struct LineOrigin: Sendable, Hashable {
    /// The file name as the user wrote it, or a pseudo name such as `<stdin>`.
    public var source: String
    /// The 1-based line number inside `source`.
    public var line: Int

    /// Creates an origin; the defaults describe the first line typed on standard input.
    public init(source: String = "<stdin>", line: Int = 1) {
        self.source = source
        self.line = line
    }
}

/// A one-line error about a command: where it is (source, line, column) and what is wrong.
///
/// Rendered as `script.rsh:4:13: setScore: argument 'home' expects Int, got "x"`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file name, or a pseudo name such as `<stdin>`.
    public var source: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in characters.
    public var column: Int
    /// What was expected and what was found, without the position.
    public var message: String

    /// Creates a diagnostic. A quoted token longer than ``quoteLimit`` characters is shortened
    /// in the message (SPEC §6: a 10 MB token must not become a 10 MB error line).
    public init(source: String, line: Int, column: Int, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = DiagnosticText.bounded(message, quoteLimit: Self.quoteLimit)
    }

    /// The most characters of a quoted token an error message shows.
    public static let quoteLimit = 80

    /// Creates a diagnostic at `column` of the line described by `origin`.
    public init(_ origin: LineOrigin, column: Int, _ message: String) {
        self.init(source: origin.source, line: origin.line, column: column, message: message)
    }

    /// `source:line:column: message`.
    public var description: String { "\(source):\(line):\(column): \(message)" }
}
