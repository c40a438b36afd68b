import StateDiff

extension SessionRecord {
    /// A scene as loaded (`:use`), or the focus moved within it.
    struct Scene {
        /// The registry entry (`board`).
        let entry: String
        /// Its reactors' names, in the scene's order.
        let reactors: [String]
        /// The prompt from then on (`board> `).
        let prompt: String
        /// Whether a scene was loaded (false: only the focus moved).
        let isLoad: Bool
        /// The `:history` step the scene's steps are numbered from.
        let firstStep: Int
        /// The focused reactor's name then.
        var focus: String? = nil
        /// For a load, each reactor's state right after it (nil: could not be described).
        var states: [StateValue?] = []
        /// For a load, each reactor's state when the next scene replaced it (empty: not replaced).
        var endStates: [StateValue?] = []
    }
}
