import ReactorCore

extension SessionRunner {
    // MARK: History, time travel, reset

    /// How many steps (and scene starts) `:history` lists: the latest.
    static let historyLimit = 1_000

    /// `:history`: every logged step with the mutations it caused in any reactor (named by reactor
    /// in scenes of several), and a separator line where each scene began (when there were several).
    func historyText() -> String {
        let entries = recorder.record.history(limit: Self.historyLimit)
        var scenes = recorder.record.sceneStarts(limit: Self.historyLimit)[...]
        guard !entries.isEmpty else { return "(no actions yet)" }
        if scenes.count < 2 { scenes = [] }
        var lines: [String] = []
        let width = String(entries.last?.number ?? 1).count
        let indent = String(repeating: " ", count: width + 6)
        let current = currentStep(among: entries)
        func separators(before step: Int) {
            while let scene = scenes.first, scene.firstStep <= step {
                lines.append("  ── :use \(scene.name) ──")
                scenes = scenes.dropFirst()
            }
        }
        for entry in entries {
            separators(before: entry.number)
            if current == 0 && entry.number == recorder.record.currentSceneFirstStep {
                lines.append("▶ " + String(repeating: " ", count: width - 1) + "0  (the scene's initial state)")
            }
            let number = String(entry.number)
            let marker = entry.number == current ? "▶ " : "  "
            let abandoned = entry.isAbandoned ? "  (abandoned: undone, then replaced)" : ""
            lines.append(marker + String(repeating: " ", count: width - number.count) + number + "  " + entry.command + abandoned)
            for mutation in entry.mutations { lines.append(indent + "· " + mutation) }
            if entry.droppedMutations > 0 { lines.append(indent + "… \(entry.droppedMutations) more") }
            for note in entry.notes { lines.append(indent + note) }
        }
        return lines.joined(separator: "\n")
    }

    /// The step of this scene whose state the scene shows (`▶` in `:history`): the newest step not
    /// abandoned, or while travelling the last one before the point travelled to; 0 for the
    /// scene's initial state, nil when the scene has no step.
    private func currentStep(among entries: [SessionRecord.HistoryStep]) -> Int? {
        let first = recorder.record.currentSceneFirstStep
        let before = recorder.timeline.positionStep ?? Int.max
        let live = entries.filter { $0.number >= first && $0.number < before && !$0.isAbandoned }
        if let step = live.last?.number { return step }
        return entries.contains { $0.number >= first } ? 0 : nil
    }

    /// The steps `:jump` accepts now, as its error says them: `this scene's steps are 0 (its
    /// initial state) or 1…4`; once the oldest points were dropped to keep within
    /// `--time-travel-memory`, only the steps still kept (0 no longer among them).
    private func jumpableSteps(first: Int, last: Int) -> String {
        if let oldest = recorder.timeline.firstStep, oldest > first {
            let kept = oldest - 1 == last ? "\(last)" : "\(oldest - 1)…\(last)"
            return "the history now reaches back to step \(oldest - 1) only: the steps left to jump to are \(kept)"
                + " (older ones were dropped to keep within --time-travel-memory)"
        }
        let steps = first == last ? "\(first)" : "\(first)…\(last)"
        let range = last >= first ? "0 (its initial state) or \(steps)" : "0 (its initial state)"
        return "this scene's steps are \(range)"
    }

    /// `:undo`, `:redo`, `:jump N`: the whole scene (every reactor) one logged action back or
    /// forward, or to right after step N of this scene (0: the scene's initial state).
    func travel(_ command: MetaCommand) -> CommandOutcome {
        guard !scene.isEmpty else { return output.fail("no reactor loaded; load one with :use NAME") }
        let target: Timeline.Target?
        let label: String
        switch command {
        case .undo:
            target = recorder.timeline.undo(settled: scene.scheduler.isQuiescent)
            label = "(undo)"
            if target == nil { return output.fail("nothing to undo in this scene") }
        case .redo:
            target = recorder.timeline.redo()
            label = "(redo)"
            if target == nil { return output.fail("nothing to redo in this scene") }
        case .jump(let step):
            let first = recorder.record.currentSceneFirstStep
            let last = recorder.record.nextStep - 1
            label = "(jump to after step \(step))"
            if step == 0 {
                // The scene's initial state: before its first action, if the timeline still has it.
                if let oldest = recorder.timeline.firstStep {
                    target = oldest == first ? recorder.timeline.jump(toAfter: oldest - 1, settled: scene.scheduler.isQuiescent) : nil
                } else {
                    // Nothing logged in this scene yet: it is in its initial state.
                    target = last < first ? Timeline.currentStates : nil
                }
            } else if step >= first && step <= last {
                if recorder.record.isAbandoned(step: step) {
                    return output.fail("cannot jump to step \(step): it was undone, then replaced by a later action (abandoned)")
                }
                target = recorder.timeline.jump(toAfter: step, settled: scene.scheduler.isQuiescent)
            } else {
                target = nil
            }
            if target == nil {
                return output.fail("cannot jump to step \(step): \(jumpableSteps(first: first, last: last))")
            }
        default:
            return .succeeded
        }
        restore(target!, label: label, replayLines: [ScriptFormatter.metaLine(command)])
        return .succeeded
    }

    /// `b` at a stepping pause: the whole scene up to `steps` logged actions back (as many
    /// `:undo`s as the timeline allows), reported once under `label`; false, with nothing
    /// changed, when it cannot go back at all.
    func undo(steps: Int, label: String) -> Bool {
        var target: Timeline.Target?
        var undone = 0
        while undone < steps, let earlier = recorder.timeline.undo(settled: scene.scheduler.isQuiescent) {
            target = earlier
            undone += 1
        }
        guard let target else { return steps == 0 }
        restore(target, label: label, replayLines: Array(repeating: ":undo", count: undone))
        return true
    }

    /// Puts every reactor of the scene back to `target` (effects cancelled), reports the changes
    /// under `label` and keeps `replayLines` for the replay script.
    private func restore(_ target: Timeline.Target, label: String, replayLines: [String]) {
        for reactor in scene.reactors { reactor.state.cancelAllEffects() }
        let before = scene.reactors.map { try? $0.state.value() }
        recorder.timeline.restore(target)
        for line in replayLines { recorder.record.script.append(line) }
        for index in scene.reactors.indices {
            // In scenes of several, only the reactors that changed get a block.
            recorder.record.travel(label, reactor: index, from: before[index], to: try? scene.reactors[index].state.value())
            reporter.reportChange(of: index, label: label, onlyIfChanged: scene.hasSeveral)
            if !readers.isEmpty { tellReaders(restoredEvent(label, of: index)) }
        }
        if !breakpoints.isEmpty { checkBreakpoints() }
    }

    /// The readers' event for reactor `index` restored under `label`, with the changes just reported.
    private func restoredEvent(_ label: String, of index: Int) -> SessionEvent {
        SessionEvent(.restored(label: label), reactor: scene.reactors[index], at: index, changes: reporter.reportedChanges)
    }

    func reset(_ name: LocatedText?) -> CommandOutcome {
        var indices = Array(scene.reactors.indices)
        if let name {
            guard let index = scene.index(named: name.text) else { return unknownReactor(name) }
            indices = [index]
        }
        guard !indices.isEmpty else { return output.fail("no reactor loaded; load one with :use NAME") }
        for index in indices {
            let before = try? scene.reactors[index].state.value()
            scene.reactors[index].state.reset()
            recorder.record.travel("(reset)", reactor: index, from: before, to: try? scene.reactors[index].state.value())
            reporter.reportChange(of: index, label: "(reset)")
            if !readers.isEmpty { tellReaders(restoredEvent("(reset)", of: index)) }
        }
        if !breakpoints.isEmpty { checkBreakpoints() }
        // The scene's timeline holds every reactor's states: after a reset it no longer leads to now
        // (the old one is kept for the live view's history).
        recorder.restartTimeline()
        let line = name.map { ":reset \($0.text)" } ?? ":reset"
        recorder.logCommand(line)
        return .succeeded
    }
}
