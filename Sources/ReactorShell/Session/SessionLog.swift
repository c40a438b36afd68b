/// A mutation as the log keeps it: its label and what caused it.
struct LoggedMutation: Equatable {
    /// The mutation's label (`setLoading(true)`).
    let label: String
    /// The log step of the action that caused it.
    let step: Int
    /// The runtime's id of that action.
    let actionID: Int
    /// The effect task that sent it, when the runtime names one (nil for synchronous effects).
    let effectID: Int?
}

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
        /// The effect ids of the mutations that have one, by the mutation's index (usually none).
        private var effectIDs: [(mutation: Int, effectID: Int)] = []
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

        /// The mutations it produced with their causes (the first `maximumMutations`); the cause
        /// step is this entry's, as every mutation is filed under the step of its action.
        var records: [LoggedMutation] {
            guard let actionID else { return [] }
            return mutations.enumerated().map { index, label in
                LoggedMutation(
                    label: label, step: number, actionID: actionID,
                    effectID: effectIDs.first { $0.mutation == index }?.effectID)
            }
        }

        /// Adds a mutation sent by effect `effectID` (when known), or counts it as dropped once
        /// `maximumMutations` are kept.
        mutating func record(_ mutation: String, effectID: Int?) {
            if let effectID {
                let index = firstMutation == nil ? 0 : laterMutations.count + 1
                if index < SessionLog.maximumMutations { effectIDs.append((index, effectID)) }
            }
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

    /// The latest `limit` entries: in order up to `limit`, then a ring whose oldest entry is at
    /// `oldest` (a new entry takes the place of the oldest, so nothing is ever moved).
    private var ring: [Entry] = []
    private var oldest = 0
    private(set) var nextNumber = 1
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// The index in `ring` of the entry `age` steps older than the newest (0 is the newest).
    @inline(__always)
    private func index(age: Int) -> Int {
        let position = oldest + ring.count - 1 - age
        return position < ring.count ? position : position - ring.count
    }

    /// Appends a step and returns its number.
    @discardableResult
    mutating func append(command: String, actionID: Int? = nil) -> Int {
        let number = nextNumber
        nextNumber += 1
        let entry = Entry(number: number, command: command, actionID: actionID)
        if ring.count < limit {
            ring.append(entry)
        } else {
            ring[oldest] = entry
            oldest = oldest + 1 == limit ? 0 : oldest + 1
        }
        return number
    }

    /// Binds step `step` to the runtime id of its action.
    mutating func bind(step: Int, actionID: Int) {
        for age in ring.indices {
            let index = index(age: age)
            if ring[index].number == step {
                ring[index].actionID = actionID
                return
            }
        }
    }

    /// Records a mutation labelled `mutation` under the entry of `actionID` (searched from the
    /// newest), sent by effect `effectID` when known. A mutation whose action has no entry (one
    /// an effect dispatched, or one older than the log) is not kept.
    mutating func record(mutation: String, actionID: Int, effectID: Int? = nil) {
        for age in ring.indices {  // usually the newest: the action just sent
            let index = index(age: age)
            if ring[index].actionID == actionID {
                ring[index].record(mutation, effectID: effectID)
                return
            }
        }
    }

    /// How many entries are stored (never more than `limit`).
    var storedCount: Int { ring.count }

    /// The entries to show (the latest `limit`), oldest first.
    var visibleEntries: [Entry] { ring.indices.reversed().map { ring[index(age: $0)] } }
}
