/// The commands of one named reactor of a scene, as the resolver and the completion engine see them.
public struct ReactorCommandTable: Sendable, Hashable {
    /// The reactor's name in the scene (`counter`, `board`, `write`).
    public var name: String
    /// Its commands' signatures, in declaration order.
    public var signatures: [CommandSignature]

    /// Creates a table.
    public init(name: String, signatures: [CommandSignature]) {
        self.name = name
        self.signatures = signatures
    }

    /// The signature named `name`.
    public func signature(named name: String) -> CommandSignature? {
        signatures.first { $0.name == name }
    }
}

/// Which reactor and which command an action line names.
public struct ResolvedAction: Sendable, Hashable {
    /// The index of the reactor in the tables given to the resolver.
    public var reactorIndex: Int
    /// The reactor's name.
    public var reactorName: String
    /// The index of the command in that reactor's signatures (and declarations).
    public var commandIndex: Int
    /// The command's signature.
    public var signature: CommandSignature
}

/// Finds the reactor and command an action line names, with suggestions when it names none.
public enum ActionResolver {
    /// Resolves `invocation` against the scene's reactors; without a `REACTOR.` prefix it goes to `focused`.
    ///
    /// Errors: `no scene is loaded; …`, `unknown reactor 'wrte'; did you mean 'write'?`,
    /// `unknown action 'increse'; did you mean 'increase'?` (names of other reactors are suggested with
    /// their prefix, e.g. `'write.submit'`).
    public static func resolve(_ invocation: ActionInvocation, focused: String?, reactors: [ReactorCommandTable]) throws(Diagnostic) -> ResolvedAction {
        let (reactorIndex, commandIndex) = try resolveIndices(invocation, focused: focused, reactors: reactors)
        return ResolvedAction(
            reactorIndex: reactorIndex, reactorName: reactors[reactorIndex].name, commandIndex: commandIndex,
            signature: reactors[reactorIndex].signatures[commandIndex])
    }

    /// ``resolve(_:focused:reactors:)`` as the indices of the reactor and of its command only (nothing
    /// copied, for the shell's per-line path).
    static func resolveIndices(
        _ invocation: ActionInvocation, focused: String?, reactors: [ReactorCommandTable]
    ) throws(Diagnostic) -> (reactor: Int, command: Int) {
        let targetName: String
        if let prefix = invocation.reactor {
            targetName = prefix.text
        } else if let focused {
            targetName = focused
        } else {
            throw noScene(invocation)
        }
        guard let reactorIndex = reactors.firstIndex(where: { $0.name == targetName }) else {
            guard let prefix = invocation.reactor else { throw noScene(invocation) }
            let names = reactors.map(\.name)
            let hint = Suggestions.didYouMean(prefix.text, among: names)
            let known = names.isEmpty ? "; no scene is loaded (try :use NAME)" : (hint.isEmpty ? "; the scene has \(names.joined(separator: ", "))" : hint)
            throw Diagnostic(invocation.origin, column: prefix.column, "unknown reactor '\(prefix.text)'" + known)
        }
        guard let commandIndex = commandIndex(named: invocation.name.text, in: reactors[reactorIndex]) else {
            throw Diagnostic(
                invocation.origin, column: invocation.reactor?.column ?? invocation.name.column,
                unknownActionMessage(invocation, target: reactors[reactorIndex], reactors: reactors))
        }
        return (reactorIndex, commandIndex)
    }

    /// ``resolveIndices(_:focused:reactors:)`` against a scene's precomputed ``SceneCommands``, the
    /// reactor at index `focus` having the focus.
    static func resolveIndices(
        _ invocation: ActionInvocation, focus: Int, in scene: SceneCommands
    ) throws(Diagnostic) -> (reactor: Int, command: Int) {
        let tables = scene.tables
        if invocation.reactor == nil, focus < scene.owners.count {
            // The focused reactor's name would find `owners[focus]`: no need to compare names.
            let index = scene.owners[focus]
            if let command = commandIndex(named: invocation.name.text, in: tables[index]) {
                return (index, command)
            }
        }
        return try resolveIndices(invocation, focused: focus < tables.count ? tables[focus].name : nil, reactors: tables)
    }

    /// The index of the command named `name` in `table`.
    static func commandIndex(named name: String, in table: ReactorCommandTable) -> Int? {
        table.signatures.firstIndex { $0.name == name }
    }

    private static func noScene(_ invocation: ActionInvocation) -> Diagnostic {
        Diagnostic(invocation.origin, column: invocation.name.column, "no scene is loaded; load one with :use NAME (see :reactors)")
    }

    static func unknownActionMessage(_ invocation: ActionInvocation, target: ReactorCommandTable, reactors: [ReactorCommandTable]) -> String {
        let typed = invocation.name.text
        let prefix = invocation.reactor.map { $0.text + "." } ?? ""
        let others = reactors.filter { $0.name != target.name }
        var suggestions: [String] = []
        for other in others where other.signature(named: typed) != nil { suggestions.append(other.name + "." + typed) }
        suggestions += Suggestions.nearest(to: typed, among: target.signatures.map(\.name)).map { prefix + $0 }
        for other in others {
            suggestions += Suggestions.nearest(to: typed, among: other.signatures.map(\.name)).map { other.name + "." + $0 }
        }
        var message = "unknown action '\(invocation.qualifiedName)'"
        if !suggestions.isEmpty {
            return message + Suggestions.phrase(Array(suggestions.prefix(3)))
        }
        let names = target.signatures.map(\.name)
        if names.isEmpty {
            message += "; \(target.name) has no actions"
        } else if names.count <= 8 {
            message += "; the actions of \(target.name) are \(names.joined(separator: ", "))"
        } else {
            message += "; see :actions"
        }
        if !others.isEmpty {
            message += "; other reactors: " + others.map { $0.name + "." }.joined(separator: ", ")
        }
        return message
    }
}
