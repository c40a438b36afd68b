import ReactorCore

/// ReactorKit's Counter example: `increase` and `decrease` show a loading flag, change the value
/// after 500 ms on the scheduler's clock, and announce the change with an alert (a ``Pulse``).
///
/// Overlapping actions are not guarded: two quick `increase`s both run to completion
/// (ReactorKit's merge semantics), so `isLoading` goes false when the first one ends.
public final class CounterReactor: Reactor {
    /// What the user asks for.
    public enum Action: Sendable, Equatable {
        /// Add one, after the delay.
        case increase
        /// Subtract one, after the delay.
        case decrease
    }

    /// The changes `increase` and `decrease` are made of.
    public enum Mutation: Sendable, Equatable {
        /// `value += 1`, staying at `Int.max` there (saturating: the arithmetic of a built-in
        /// reactor never traps; see docs/reactors.md).
        case increaseValue
        /// `value -= 1`, staying at `Int.min` there.
        case decreaseValue
        /// Shows or hides the loading indicator.
        case setLoading(Bool)
        /// Announces a change (assigned on every change, even to the same text).
        case setAlertMessage(String)
    }

    /// The counter's state.
    public struct State: Encodable, Sendable, Equatable {
        /// The count.
        public var value: Int
        /// True while a change is pending.
        public var isLoading: Bool
        /// The last announcement; a pulse, so each assignment is an event. Encoded as its plain value.
        @Pulse public var alertMessage: String?

        /// A state with `value`, not loading, and no announcement yet.
        public init(value: Int = 0, isLoading: Bool = false, alertMessage: String? = nil) {
            self.value = value
            self.isLoading = isLoading
            self._alertMessage = Pulse(wrappedValue: alertMessage)
        }
    }

    /// How long `increase` and `decrease` take before the value changes.
    public static let delay: Duration = .milliseconds(500)

    /// `value` 0, not loading, no announcement.
    public let initialState = State()

    /// The pipeline storage.
    public let runtime = ReactorRuntime<CounterReactor>()

    /// Creates a counter at 0. Its scheduler is the runtime's (the shell installs the scene's).
    public init() {}

    /// `setLoading(true)` now, then after ``delay``: the value change, `setLoading(false)` and the alert.
    public func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .increase:
            return change(.increaseValue, alert: "increased!")
        case .decrease:
            return change(.decreaseValue, alert: "decreased!")
        }
    }

    private func change(_ mutation: Mutation, alert: String) -> Effect<Mutation> {
        .concatenate(
            .just(.setLoading(true)),
            Effect.sequence([mutation, .setLoading(false), .setAlertMessage(alert)]).delayed(by: Self.delay)
        )
    }

    /// Applies one mutation.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increaseValue:
            state.value = state.value.saturatingSuccessor
        case .decreaseValue:
            state.value = state.value.saturatingPredecessor
        case .setLoading(let isLoading):
            state.isLoading = isLoading
        case .setAlertMessage(let message):
            state.alertMessage = message
        }
        return state
    }
}
