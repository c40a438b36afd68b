import ReactorShell
import StateDiff

/// The counter's actions and mutations label themselves (`increase`, `setLoading(true)`,
/// `setAlertMessage("increased!")`: the text the shell's reflection gives, pinned by a test), so
/// that a session's first line reflects on nothing: the first `Mirror` walks of a process cost
/// about 2.7 M instructions (the reflection's metadata instantiated, conformances looked up), some
/// 900 a line of the 3,000-line counter script (docs/performance.md).
extension CounterReactor.Action: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .increase: "increase"
        case .decrease: "decrease"
        }
    }
}

/// A mutation's label is cached like a reflected one (its only payloads are a `Bool` and a
/// `String`): `setAlertMessage`'s is built once per message, not on every line.
extension CounterReactor.Mutation: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .increaseValue: "increaseValue"
        case .decreaseValue: "decreaseValue"
        case .setLoading(let isLoading): isLoading ? "setLoading(true)" : "setLoading(false)"
        case .setAlertMessage(let message): "setAlertMessage(" + StateValue.string(message).literal() + ")"
        }
    }

    public static var mutationLabelIsCacheable: Bool { true }
}
