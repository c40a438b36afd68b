extension SessionRecord {
    /// A step of `:history`, read from the record's entries: an action typed (or a `:reset`) with
    /// the mutations it caused in any reactor and what else happened to its effects.
    struct HistoryStep {
        /// The step's number as `:history` and `:jump` show it.
        let number: Int
        /// What was done, as a script line (`increase`, `board.delete 1`, `:reset counter`).
        let command: String
        /// The runtime's id of the action, when the step was an action its reactor processed.
        let actionID: Int?
        /// Whether the step was undone and then replaced by a new action.
        let isAbandoned: Bool
        /// Labels of the mutations it caused (the first ``maximumMutations``), each prefixed with
        /// its reactor's name in scenes of several (`board: insertPost(…)`).
        fileprivate(set) var mutations: [String] = []
        /// How many mutations were not listed.
        fileprivate(set) var droppedMutations = 0
        /// What else happened to the step's effects (`⊘ effect #2 cancelled by updateQuery("swift")`).
        fileprivate(set) var notes: [String] = []
    }

    /// How many mutations (and notes) `:history` lists under one step.
    static let maximumMutations = 64

    /// The latest `limit` steps kept, oldest first. A mutation is listed under the step of the
    /// typed action it goes back to in the same scene (one from an action an effect sent has no
    /// step of its own, and is not listed), and so is an effect cancelled by another action.
    func history(limit: Int) -> [HistoryStep] {
        let kept = firstKeptEntry..<entryCount
        // The entry from which the latest `limit` steps are listed.
        var first = kept.upperBound
        var found = 0
        while first > kept.lowerBound && found < limit {
            first -= 1
            if self[entry: first].isStep { found += 1 }
        }
        var steps: [HistoryStep] = []
        steps.reserveCapacity(found)
        // The current scene's typed actions listed, by id (a new scene numbers them from 1 again),
        // and its actions' names, for the notes.
        var stepOfAction: [Int: Int] = [:]
        var actionNames: [Int: String] = [:]
        var reactors = sceneBeforeKeptEntries >= 0 ? scenes[sceneBeforeKeptEntries].reactors : []
        for index in kept {
            let entry = self[entry: index]
            switch entry.kind {
            case .scene:
                let scene = scenes[entry.first]
                reactors = scene.reactors
                if scene.isLoad {
                    stepOfAction = [:]
                    actionNames = [:]
                }
            case .action:
                if entry.first >= 0 {
                    let label = entry.text ?? ""
                    let reactor = Int(entry.reactor)
                    actionNames[entry.first] = reactors.count > 1 && reactor < reactors.count ? "\(reactors[reactor]).\(label)" : label
                }
                guard index >= first, entry.second >= 0 else { continue }
                if entry.first >= 0 { stepOfAction[entry.first] = steps.count }
                steps.append(HistoryStep(
                    number: entry.second, command: script[entry.third]?.textWithoutBackground ?? "",
                    actionID: entry.first >= 0 ? entry.first : nil, isAbandoned: entry.isAbandoned))
            case .command:
                guard index >= first else { continue }
                steps.append(HistoryStep(number: entry.second, command: entry.text ?? "", actionID: nil, isAbandoned: entry.isAbandoned))
            case .mutation:
                guard entry.first >= 0, let step = stepOfAction[entry.first] else { continue }
                let reactor = Int(entry.reactor)
                let label = entry.text ?? ""
                if steps[step].mutations.count < Self.maximumMutations {
                    steps[step].mutations.append(reactors.count > 1 && reactor < reactors.count ? "\(reactors[reactor]): \(label)" : label)
                } else {
                    steps[step].droppedMutations += 1
                }
            case .effectCancelled:
                guard entry.second >= 0, let step = stepOfAction[entry.second],
                      steps[step].notes.count < Self.maximumMutations else { continue }
                let by = actionNames[entry.third] ?? "action #\(entry.third)"
                steps[step].notes.append("⊘ effect #\(entry.first) cancelled by \(by)")
            default:
                continue
            }
        }
        return steps
    }

    /// Where each scene began: the registry entry's name and the number of the scene's first step
    /// (the latest `limit` scenes). A scene in which no step was taken is left out.
    func sceneStarts(limit: Int) -> [(name: String, firstStep: Int)] {
        var starts: [(name: String, firstStep: Int)] = []
        for scene in scenes where scene.isLoad {
            if starts.last?.firstStep == scene.firstStep { starts.removeLast() }
            starts.append((scene.entry, scene.firstStep))
        }
        return Array(starts.suffix(limit))
    }
}

extension SessionRecord.Entry {
    /// Whether the entry is a `:history` step: a typed action or a `:reset`.
    var isStep: Bool { (kind == .action || kind == .command) && second >= 0 }
}
