import ReactorShell

/// The counter's actions label themselves (`increase`, `decrease`: the text the shell's reflection
/// gives, pinned by a test), so that a session's first action is not reflected on: a first
/// `Mirror` walk of a type costs about 2.5 M instructions (its metadata instantiated, its
/// conformances looked up). Its mutations keep the reflected labels: `setAlertMessage`'s `String`
/// payload would make an own label be built on every line, where reflection's is cached
/// (docs/performance.md).
extension CounterReactor.Action: CustomMutationLabel {
    public var mutationLabel: String {
        switch self {
        case .increase: "increase"
        case .decrease: "decrease"
        }
    }
}
