import StateDiff

/// A line of script as the session records it for `:history` and `:save`: a command given as
/// text, or an action kept as its parts and written out (``ScriptFormatter``) only when read, so
/// that a batch run, which never reads it, does not format a line per action.
struct RecordedLine {
    /// The reactor's name, for an action written `REACTOR.COMMAND`.
    private let reactor: String?
    /// The action's command, or the whole line when `arguments` is nil.
    private let command: String
    /// The action's bound arguments; nil when `command` is the whole line.
    private let arguments: CommandArguments?
    /// Whether the line ends in ` &`.
    private(set) var isBackground: Bool

    /// The line `text`.
    init(_ text: String) {
        reactor = nil
        command = text
        arguments = nil
        isBackground = false
    }

    /// The line of action `command` with `arguments`, prefixed with `REACTOR.` when `reactor` is
    /// given, followed by ` &` when `isBackground`.
    init(reactor: String?, command: String, arguments: CommandArguments, isBackground: Bool = false) {
        // An action without arguments or reactor is its command: nothing to keep for later.
        let isCommandAlone = reactor == nil && arguments.fields.isEmpty
        self.reactor = reactor
        self.command = command
        self.arguments = isCommandAlone ? nil : arguments
        self.isBackground = isBackground
    }

    /// The line as script text.
    var text: String {
        isBackground ? textWithoutBackground + " &" : textWithoutBackground
    }

    /// The line as script text without the ` &` that marks a background line (as `:history`
    /// shows it).
    var textWithoutBackground: String {
        guard let arguments else { return command }
        return ScriptFormatter.actionLine(reactor: reactor, command: command, arguments: arguments)
    }

    /// Makes the line end in ` &` (its effects were still running when the next line ran).
    mutating func markBackground() {
        isBackground = true
    }

    /// For an action, its command and bound arguments (nil for a line kept as text; the
    /// arguments nil for an action without any).
    var action: (command: String, arguments: CommandArguments?)? {
        if arguments == nil && command.hasPrefix(":") { return nil }
        return (command, arguments)
    }

    /// Whether the line is a `:use` command.
    var isUse: Bool { arguments == nil && command.hasPrefix(":use ") }
}
