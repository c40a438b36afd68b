import StateDiff

/// A command's own way of choosing arguments during an exploration, in place of the generators
/// of its parameters' types (for an id that must name an existing post, say).
///
/// ```swift
/// CommandGenerator("delete", reactor: "board") { random, probe in
///     guard case .array(let posts)? = try? probe.value("posts"), !posts.isEmpty else { return nil }
///     return ["id": try? probe.value("posts[\(random.below(posts.count))].id")].compactMapValues { $0 }
/// }
/// ```
public struct CommandGenerator: Sendable {
    /// The reactor whose command it is (nil: the command of that name in any reactor).
    public let reactor: String?
    /// The command's name.
    public let command: String
    /// Chooses arguments by label; a label left out gets its type's generator. Returning nil
    /// means "not now": the explorer picks another step.
    public let arguments: @MainActor @Sendable (inout ExploreRandom, ExploreProbe) -> [String: StateValue]?

    /// A generator for `command` (of `reactor`, or of any reactor).
    public init(
        _ command: String, reactor: String? = nil,
        arguments: @escaping @MainActor @Sendable (inout ExploreRandom, ExploreProbe) -> [String: StateValue]?
    ) {
        self.reactor = reactor
        self.command = command
        self.arguments = arguments
    }
}

/// What a registry entry tells the explorer: the invariants its scene keeps, and the commands
/// that choose their own arguments. Empty by default.
public struct Exploration: Sendable {
    /// Checked after every step, besides those given on the command line.
    public var invariants: [ExploreInvariant]
    /// Commands' own argument generators.
    public var generators: [CommandGenerator]
    /// Errors that are the scene's right answer, not a finding: a line whose error message
    /// contains one of these counts as with `--allow-errors` (e.g. `no post with id`, when an
    /// `:undo` or an overlapping ` &` left the board showing a post the service has deleted).
    public var acceptedErrors: [String]

    /// Declarations for the explorer.
    public init(invariants: [ExploreInvariant] = [], generators: [CommandGenerator] = [], acceptedErrors: [String] = []) {
        self.invariants = invariants
        self.generators = generators
        self.acceptedErrors = acceptedErrors
    }
}

extension RegistryEntry {
    /// This entry with `invariants`, `generators` and `acceptedErrors` for `reactor-shell
    /// explore` (added to any it declared already; see ``Exploration``).
    public func exploring(
        invariants: [ExploreInvariant] = [], generators: [CommandGenerator] = [], acceptedErrors: [String] = []
    ) -> RegistryEntry {
        var entry = self
        entry.exploration.invariants += invariants
        entry.exploration.generators += generators
        entry.exploration.acceptedErrors += acceptedErrors
        return entry
    }
}
