/// Where a mutation came from (SPEC §9, "causes"): straight from an action's own `mutate`, from
/// one of its asynchronous effects, or from a service's event that a reactor merged in
/// `transform(mutation:)` (board's `insertPost` after `write.submit`).
public struct MutationCause: Equatable, Sendable {
    /// How the mutation reached the reducer.
    public enum Origin: String, Equatable, Sendable {
        /// The synchronous part of an action's `mutate`.
        case action
        /// An asynchronous effect of an action (a `run`, a delay).
        case effect
        /// A merged external source: a service's event.
        case event

        /// The raw value as a literal, which the JSON writer copies without a scan.
        var literal: StaticString {
            switch self {
            case .action: "action"
            case .effect: "effect"
            case .event: "event"
            }
        }
    }

    /// How the mutation reached the reducer.
    public let origin: Origin
    /// The log step of the action it goes back to (nil: an action that was not typed, or none).
    public let step: Int?
    /// The runtime's id of that action, when there is one.
    public let actionID: Int?
    /// The effect that sent it, or during which the service event was broadcast: numbered per
    /// session, as the trace shows it.
    public let effectID: Int?
    /// The label of that action (`updateQuery("sw")`), when known.
    public let actionLabel: String?
    /// The reactor of that action, named only in scenes of several.
    public let actionReactor: String?
    /// Whether the text output shows the cause: every mutation but those that come from the
    /// latest typed action's own `mutate` or its effects.
    public let isShown: Bool

    /// The action as the output names it (`increase`, `write.submit`), when known.
    public var action: String? {
        guard let actionLabel else { return nil }
        return actionReactor.map { "\($0).\(actionLabel)" } ?? actionLabel
    }

    /// What the text output appends to the mutation's header, after `← `:
    /// `service event, from write.submit`, `effect #2 of updateQuery("sw")`, `from submit`.
    /// An action longer than 40 characters is cut, ending in `…`.
    public var text: String {
        var action = action
        if let long = action, long.count > 40 { action = long.prefix(39) + "…" }
        switch origin {
        case .event:
            return action.map { "service event, from \($0)" } ?? "service event"
        case .effect:
            return "effect #\(effectID ?? 0)" + (action.map { " of \($0)" } ?? "")
        case .action:
            return action.map { "from \($0)" } ?? "from an action"
        }
    }
}
