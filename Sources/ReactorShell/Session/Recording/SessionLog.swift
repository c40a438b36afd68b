import StateDiff

/// A mutation as the log keeps it: its label, the reactor it changed and what caused it.
struct LoggedMutation: Equatable {
    /// The mutation's label (`setLoading(true)`).
    let label: String
    /// The reactor it changed, named only in scenes of several.
    let reactor: String?
    /// The log step of the action that caused it.
    let step: Int
    /// The runtime's id of that action.
    let actionID: Int
    /// The effect that sent it (or during which its service event came), numbered per session;
    /// nil for the synchronous part of an action.
    let effectID: Int?
    /// True when it came from a service's event merged by the reactor, not from its own actions.
    let viaEvent: Bool
}

/// The session's log for `:history`: numbered actions (and resets) with the mutations each
/// caused, in every reactor of the scene, and where each scene began. Bounded: it keeps the
/// latest `limit` entries, so memory stays flat in long runs.
struct SessionLog {
    /// One logged step.
    struct Entry {
        /// The step's number as `:history` and `:jump` show it.
        private(set) var number: Int
        /// What was done, as a script line (`increase`, `board.delete 1`, `:reset counter`).
        var command: String { line.text }
        private var line: RecordedLine
        /// The runtime's id of the action, when the step was an action.
        var actionID: Int?
        /// The first mutation, kept apart so that the usual one-mutation step allocates no array.
        private var firstMutation: Mutation?
        /// The mutations after the first.
        private var laterMutations: [Mutation] = []
        /// How many mutations were not kept.
        var droppedMutations = 0
        /// What else happened to the step's effects (`⊘ effect #2 cancelled by updateQuery("swift")`).
        private(set) var notes: [String] = []
        /// Whether the step was undone and then replaced by a new action: time travel no longer
        /// leads to it.
        var isAbandoned = false

        init(number: Int, line: consuming RecordedLine, actionID: Int?) {
            self.number = number
            self.line = line
            self.actionID = actionID
        }

        /// Makes this entry (the oldest, its place taken) the new step `number`, in place: no
        /// entry is built and moved, and the later mutations' storage is kept for reuse.
        mutating func reuse(number: Int, line: consuming RecordedLine, actionID: Int?) {
            self.number = number
            self.line = line
            self.actionID = actionID
            firstMutation = nil
            // Emptied by code specialized for the element (the array's own `removeAll` destroys
            // them through generic value witnesses: about 450 instructions for three mutations).
            emptyKeepingCapacity(&laterMutations)
            droppedMutations = 0
            isAbandoned = false
            if !notes.isEmpty { notes = [] }
        }

        /// One mutation filed under the entry.
        struct Mutation {
            let label: String
            let reactor: String?
            let effectID: Int?
            let viaEvent: Bool
        }

        /// Labels of the mutations it caused (the first `maximumMutations`), each prefixed with
        /// its reactor's name in scenes of several (`board: insertPost(…)`).
        var mutations: [String] {
            allMutations.map { mutation in mutation.reactor.map { "\($0): \(mutation.label)" } ?? mutation.label }
        }

        private var allMutations: [Mutation] {
            guard let firstMutation else { return [] }
            return [firstMutation] + laterMutations
        }

        /// The mutations it caused with their causes (the first `maximumMutations`); the cause
        /// step is this entry's, as every mutation is filed under the step of its action.
        var records: [LoggedMutation] {
            guard let actionID else { return [] }
            return allMutations.map { mutation in
                LoggedMutation(
                    label: mutation.label, reactor: mutation.reactor, step: number, actionID: actionID,
                    effectID: mutation.effectID, viaEvent: mutation.viaEvent)
            }
        }

        /// Adds a note (the first `maximumMutations`).
        mutating func record(note: String) {
            if notes.count < SessionLog.maximumMutations { notes.append(note) }
        }

        /// Whether it caused any mutation.
        var hasMutations: Bool { firstMutation != nil }

        /// Adds a mutation, or counts it as dropped once `maximumMutations` are kept.
        mutating func record(_ mutation: consuming Mutation) {
            if firstMutation == nil {
                firstMutation = consume mutation
            } else if laterMutations.count + 1 < SessionLog.maximumMutations {
                // Room for a few at once: an action with effects usually causes several (the
                // counter's four), and growing one by one would reallocate at each.
                if laterMutations.capacity == 0 { laterMutations.reserveCapacity(4) }
                laterMutations.append(consume mutation)
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
    private func index(age: Int) -> Int {
        let position = oldest + ring.count - 1 - age
        return position < ring.count ? position : position - ring.count
    }

    /// Appends a step and returns its number.
    @discardableResult
    mutating func append(command: String, actionID: Int? = nil) -> Int {
        append(RecordedLine(command), actionID: actionID)
    }

    /// Appends a step done by `line` and returns its number.
    @discardableResult
    mutating func append(_ line: consuming RecordedLine, actionID: Int? = nil) -> Int {
        let number = nextNumber
        nextNumber += 1
        if ring.count < limit {
            ring.append(Entry(number: number, line: line, actionID: actionID))
        } else {
            ring[oldest].reuse(number: number, line: line, actionID: actionID)
            oldest = oldest + 1 == limit ? 0 : oldest + 1
        }
        return number
    }

    /// Binds step `step` to the runtime id of its action.
    mutating func bind(step: Int, actionID: Int) {
        // Steps are numbered in order, one an entry: step `step` is `nextNumber - 1 - step` old.
        let age = nextNumber - 1 - step
        guard age >= 0 && age < ring.count else { return }
        ring[index(age: age)].actionID = actionID
    }

    /// Records a mutation labelled `mutation` of `reactor` (named in scenes of several) under
    /// the entry of `actionID` (``index(ofAction:)``), sent by effect `effectID` when known,
    /// `viaEvent` when it came through a service's event. Returns the entry's step; a mutation
    /// whose action has no entry (one an effect dispatched, or one older than the log) is not kept.
    // Not inlined: inlined into the recorder's event switch, it made the recorder copy the whole
    // event (an outlined enum copy, about 100 instructions) to own the label, where a call
    // borrows the label and copies the string alone.
    @discardableResult @inline(never)
    mutating func record(
        mutation: String, reactor: String? = nil, actionID: Int, effectID: Int? = nil, viaEvent: Bool = false
    ) -> Int? {
        guard let index = index(ofAction: actionID) else { return nil }
        ring[index].record(Entry.Mutation(label: mutation, reactor: reactor, effectID: effectID, viaEvent: viaEvent))
        return ring[index].number
    }

    /// Files `note` under the entry of `actionID`, if the log still has it.
    mutating func record(note: String, actionID: Int) {
        if let index = index(ofAction: actionID) { ring[index].record(note: note) }
    }

    /// The step of the entry of `actionID`, if the log still has it.
    func step(ofAction actionID: Int) -> Int? {
        index(ofAction: actionID).map { ring[$0].number }
    }

    /// The index in `ring` of the entry bound to `actionID` in the current scene, nil when the log
    /// no longer has it. Usually it is the newest (the action just sent). Else the scene's
    /// entries are searched by halves: its scheduler numbers actions in the order they are sent,
    /// so the ids bound to its entries fall with their age (an entry bound to none, a `:reset`,
    /// is passed over). An effect ending long after its action (N overlapping `increase &`, whose
    /// ends are filed at the last line) costs O(log N) this way, where a walk from the newest
    /// went through the whole log for each (issue 25 item 6).
    private func index(ofAction actionID: Int) -> Int? {
        guard !ring.isEmpty else { return nil }
        let newest = index(age: 0)
        if ring[newest].actionID == actionID { return newest }
        // Ages 1 ..< high hold the rest of the scene's entries: the ids sought are among them.
        var low = 1
        var high = min(ring.count, ring[newest].number - currentSceneFirstStep + 1)
        while low < high {
            let middle = (low + high) / 2
            var probe = middle
            while probe < high, ring[index(age: probe)].actionID == nil { probe += 1 }
            guard probe < high, let id = ring[index(age: probe)].actionID else {
                high = middle
                continue
            }
            if id == actionID { return index(age: probe) }
            if id > actionID { low = probe + 1 } else { high = middle }
        }
        return nil
    }

    /// Marks step `step` abandoned (undone, then replaced), if the log still has it.
    mutating func markAbandoned(_ step: Int) {
        guard !ring.isEmpty else { return }
        let newest = ring[index(age: 0)].number
        guard step <= newest, step > newest - ring.count else { return }
        ring[index(age: newest - step)].isAbandoned = true
    }

    /// The entry numbered `step`, if the log still has it.
    func entry(numbered step: Int) -> Entry? {
        guard !ring.isEmpty else { return nil }
        let newest = ring[index(age: 0)].number
        guard step <= newest, step > newest - ring.count else { return nil }
        return ring[index(age: newest - step)]
    }

    /// Where each scene began: the registry entry's name and the number of the scene's first step
    /// (the latest `limit` scenes).
    private(set) var sceneStarts: [(name: String, firstStep: Int)] = []

    /// Marks the start of a scene loaded from entry `name`: its steps are numbered from here. A
    /// scene in which nothing was logged is forgotten.
    mutating func beginScene(_ name: String) {
        if sceneStarts.last?.firstStep == nextNumber { sceneStarts.removeLast() }
        if sceneStarts.count == limit { sceneStarts.removeFirst() }
        sceneStarts.append((name, nextNumber))
    }

    /// The number of the current scene's first step (the next step when it has none yet).
    var currentSceneFirstStep: Int { sceneStarts.last?.firstStep ?? 1 }

    /// How many entries are stored (never more than `limit`).
    var storedCount: Int { ring.count }

    /// The entries to show (the latest `limit`), oldest first.
    var visibleEntries: [Entry] { ring.indices.reversed().map { ring[index(age: $0)] } }
}
