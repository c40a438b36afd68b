/// One case of an action enum and how to read its payload: what ReCombine's `ofType(_:)` picks
/// out of the action stream, for actions that are enum cases rather than types.
///
/// ```swift
/// let setScore = ActionCase<ScoreAction, (Int, Int)> {
///     if case .setScore(let home, let away) = $0 { (home, away) } else { nil }
/// }
/// let homeScore = ActionCase(ScoreAction.homeScore)     // a case without payload
/// ```
public struct ActionCase<Action, Payload> {
    /// The payload of `action` when it is this case, else nil.
    public let extract: (Action) -> Payload?

    /// The case that `extract` recognizes.
    public init(_ extract: @escaping (Action) -> Payload?) {
        self.extract = extract
    }

    /// True when `action` is this case.
    public func matches(_ action: Action) -> Bool {
        extract(action) != nil
    }
}

extension ActionCase where Payload == Void {
    /// The case equal to `action` (for cases without a payload).
    public init(_ action: Action) where Action: Equatable {
        self.init { $0 == action ? () : nil }
    }
}

/// Any of several action cases, whatever their payloads (ReCombine's `ofTypes(_:)`).
struct ActionCaseSet<Action> {
    private(set) var predicates: [(Action) -> Bool] = []

    mutating func add<Payload>(_ actionCase: ActionCase<Action, Payload>) {
        predicates.append(actionCase.matches)
    }

    func matches(_ action: Action) -> Bool {
        predicates.contains { $0(action) }
    }
}
