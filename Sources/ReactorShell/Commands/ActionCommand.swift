/// The declaration of one typed command of a reactor: name, doc line, parameters, and how to build the Action.
///
/// ```swift
/// let commands: [ActionCommand<CounterAction>] = [
///     ActionCommand("increase", doc: "Adds one after 500 ms.") { _ in .increase },
///     ActionCommand("setScore", doc: "Sets both scores.", parameters: [.int("home"), .int("away")]) { args in
///         .setScore(home: try args.int("home"), away: try args.int("away"))
///     },
/// ]
/// ```
///
/// Parsing, help, signatures, completion and error messages all derive from this declaration.
public struct ActionCommand<Action>: Sendable {
    /// The name, parameters and doc line.
    public let signature: CommandSignature
    /// Builds the action from arguments already checked against `signature`.
    public let build: @Sendable (CommandArguments) throws -> Action

    /// Declares a command.
    public init(
        _ name: String, doc: String = "", parameters: [CommandParameter] = [],
        build: @escaping @Sendable (CommandArguments) throws -> Action
    ) {
        self.signature = CommandSignature(name: name, doc: doc, parameters: parameters)
        self.build = build
    }

    /// The command's name.
    public var name: String { signature.name }

    /// Binds a parsed invocation to this command and builds its action.
    ///
    /// Argument errors are diagnostics at the offending token; an error thrown by `build` becomes a
    /// diagnostic at the action's name.
    public func makeAction(_ invocation: ActionInvocation) throws(Diagnostic) -> (action: Action, arguments: CommandArguments) {
        let arguments = try signature.bind(invocation)
        return (try action(from: arguments, for: invocation), arguments)
    }

    /// Builds the action from `arguments`, already bound to this command's signature for `invocation`;
    /// an error thrown by `build` becomes a diagnostic at the action's name.
    @inlinable
    public func action(from arguments: CommandArguments, for invocation: ActionInvocation) throws(Diagnostic) -> Action {
        try action(from: arguments, origin: invocation.origin, column: invocation.name.column)
    }

    /// Builds the action from `arguments`, already bound to this command's signature; an error
    /// thrown by `build` becomes a diagnostic at `origin`, `column` (the action's name).
    @inlinable
    public func action(from arguments: CommandArguments, origin: LineOrigin, column: Int) throws(Diagnostic) -> Action {
        try Self.action(of: build, named: signature.name, from: arguments, origin: origin, column: column)
    }

    /// The action `build` makes from `arguments` for command `name`; an error it throws becomes a
    /// diagnostic at `origin`, `column` (the action's name). The one way a command's action is built
    /// (``ReactorHandle`` calls it with the parts it keeps, without copying the command).
    @inlinable
    static func action(
        of build: @Sendable (CommandArguments) throws -> Action, named name: String, from arguments: CommandArguments,
        origin: LineOrigin, column: Int
    ) throws(Diagnostic) -> Action {
        do {
            return try build(arguments)
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(origin, column: column, "\(name): \(error)")
        }
    }
}
