/// The session's log for `:history`: numbered actions (and resets) with the mutations each
/// produced. Bounded: it keeps the latest `limit` entries, so memory stays flat in long runs.
struct SessionLog {
    /// One logged step.
    struct Entry {
        /// The step's number as `:history` and `:jump` show it.
        let number: Int
        /// What was done, as a script line (`increase`, `board.delete 1`, `:reset counter`).
        let command: String
        /// The runtime's id of the action, when the step was an action.
        var actionID: Int?
        /// The first mutation's label, kept apart so that the usual one-mutation step allocates no array.
        private var firstMutation: String?
        /// The labels after the first.
        private var laterMutations: [String] = []
        /// How many mutations were not kept.
        var droppedMutations = 0

        init(number: Int, command: String, actionID: Int?) {
            self.number = number
            self.command = command
            self.actionID = actionID
        }

        /// Labels of the mutations it produced (the first `maximumMutations`).
        var mutations: [String] {
            guard let firstMutation else { return [] }
            return [firstMutation] + laterMutations
        }

        /// Adds a mutation label, or counts it as dropped once `maximumMutations` are kept.
        mutating func record(_ mutation: String) {
            if firstMutation == nil {
                firstMutation = mutation
            } else if laterMutations.count + 1 < SessionLog.maximumMutations {
                laterMutations.append(mutation)
            } else {
                droppedMutations += 1
            }
        }
    }

    /// How many mutation labels one entry keeps.
    static let maximumMutations = 64

    private(set) var entries: [Entry] = []
    private(set) var nextNumber = 1
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Appends a step and returns its number.
    @discardableResult
    mutating func append(command: String, actionID: Int? = nil) -> Int {
        let number = nextNumber
        nextNumber += 1
        entries.append(Entry(number: number, command: command, actionID: actionID))
        if entries.count >= limit * 2 { entries.removeFirst(entries.count - limit) }
        return number
    }

    /// Binds step `step` to the runtime id of its action.
    mutating func bind(step: Int, actionID: Int) {
        guard let index = entries.lastIndex(where: { $0.number == step }) else { return }
        entries[index].actionID = actionID
    }

    /// Records a mutation label under the entry of `actionID` (searched from the newest).
    mutating func record(mutation: String, actionID: Int) {
        let index: Int
        if let last = entries.indices.last, entries[last].actionID == actionID {
            index = last  // the usual case: the action just sent
        } else if let found = entries.lastIndex(where: { $0.actionID == actionID }) {
            index = found
        } else {
            return
        }
        entries[index].record(mutation)
    }

    /// The entries to show (the latest `limit`).
    var visibleEntries: ArraySlice<Entry> { entries.suffix(limit) }
}
