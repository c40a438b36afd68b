import StateDiff

/// One line of an explored sequence: an action or one of the meta steps mixed in between.
///
/// A step is written out as the line a person would type (``line``) and run through the shell
/// like any line of a script; shrinking changes steps, never lines.
public struct ExploreStep: Sendable, Hashable {
    /// What the step does.
    public enum Kind: Sendable, Hashable {
        /// An action of the scene, optionally ending in ` &` (the next line does not wait).
        case action(ExploreAction)
        /// `:advance DURATION`, in milliseconds.
        case advance(milliseconds: Int)
        /// `:undo`.
        case undo
        /// `:redo`.
        case redo
    }

    /// What the step does.
    public var kind: Kind
    /// The step's number in the sequence it was generated in: shrinking keeps it, so a shorter
    /// sequence can tell which of its steps were there before (and which failed then).
    var origin: Int

    /// A step made by `kind`, numbered `origin` in its generated sequence.
    init(_ kind: Kind, origin: Int) {
        self.kind = kind
        self.origin = origin
    }

    /// The line of script that runs the step.
    public var line: String {
        switch kind {
        case .action(let action): action.line
        case .advance(let milliseconds):
            milliseconds % 1000 == 0 ? ":advance \(milliseconds / 1000)s" : ":advance \(milliseconds)ms"
        case .undo: ":undo"
        case .redo: ":redo"
        }
    }

    /// Whether the step is a meta step (or an action's ` &`), the first things shrinking drops.
    var isMeta: Bool {
        if case .action(let action) = kind { return action.isBackground }
        return true
    }
}

/// An action line of an explored sequence, with each argument kept as a value so that shrinking
/// can simplify it.
public struct ExploreAction: Sendable, Hashable {
    /// How the arguments are written.
    public enum Form: Sendable, Hashable {
        /// `setScore 3 2`: every argument in declaration order.
        case positional
        /// `setScore away: 2 home: 3`: labelled, in the order of ``ExploreAction/arguments``;
        /// `equalsSign` writes `home=3` instead.
        case labelled(equalsSign: Bool)
    }

    /// One argument as written: its parameter's label, its value, and whether a string is written
    /// as a bare word.
    public struct Argument: Sendable, Hashable {
        /// The parameter's label.
        public var label: String
        /// The value.
        public var value: StateValue
        /// A string written without quotes (only when it reads back as the same string).
        public var bare: Bool
        /// Chosen by the command's own generator, which knows what makes sense (an id the board
        /// shows): shrinking keeps it as it is.
        var isChosen = false

        /// An argument for the parameter labelled `label`.
        public init(label: String, value: StateValue, bare: Bool = false) {
            self.label = label
            self.value = value
            self.bare = bare && ExploreAction.canBeBare(value)
        }
    }

    /// `REACTOR.` before the command, for a reactor that is not focused (nil: the focused one).
    public var reactor: String?
    /// The command's name.
    public var command: String
    /// The arguments given (parameters with defaults may be left out in the labelled form).
    public var arguments: [Argument]
    /// How the arguments are written.
    public var form: Form
    /// Whether the line ends in ` &`.
    public var isBackground: Bool

    /// An action line.
    public init(reactor: String? = nil, command: String, arguments: [Argument] = [], form: Form = .positional, isBackground: Bool = false) {
        self.reactor = reactor
        self.command = command
        self.arguments = arguments
        self.form = form
        self.isBackground = isBackground
    }

    /// The line as typed.
    public var line: String {
        var text = reactor.map { $0 + "." + command } ?? command
        for argument in arguments {
            text += " "
            if case .labelled(let equalsSign) = form { text += argument.label + (equalsSign ? "=" : ": ") }
            text += argument.bare ? Self.bareText(argument.value) : argument.value.literal()
        }
        return isBackground ? text + " &" : text
    }

    private static func bareText(_ value: StateValue) -> String {
        if case .string(let text) = value { return text }
        return value.literal()
    }

    /// Whether `value` reads back as itself written as a bare word: a string of letters, digits
    /// and `_` starting with a letter, not a keyword of the language.
    static func canBeBare(_ value: StateValue) -> Bool {
        guard case .string(let text) = value, let first = text.utf8.first, isLetter(first) else { return false }
        if text == "true" || text == "false" || text == "nil" { return false }
        return text.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "_") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
