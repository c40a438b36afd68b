import ReactorCore

extension SessionRunner {
    // MARK: History, time travel, reset

    func historyText() -> String {
        let entries = recorder.log.visibleEntries
        guard !entries.isEmpty else { return "(no actions yet)" }
        var lines: [String] = []
        let width = String(entries.last!.number).count
        for entry in entries {
            let number = String(entry.number)
            lines.append("  " + String(repeating: " ", count: width - number.count) + number + "  " + entry.command)
            let indent = String(repeating: " ", count: width + 6)
            for mutation in entry.mutations { lines.append(indent + "· " + mutation) }
            if entry.droppedMutations > 0 { lines.append(indent + "… \(entry.droppedMutations) more") }
        }
        return lines.joined(separator: "\n")
    }

    func travel(_ command: MetaCommand) -> CommandOutcome {
        guard let index = scene.focusIndexIfLoaded else { return output.fail("no reactor loaded; load one with :use NAME") }
        let reactor = scene.reactors[index]
        let target: StateSnapshot?
        let label: String
        switch command {
        case .undo:
            target = recorder.timelines[index].undo(current: reactor.snapshot())
            label = "(undo)"
            if target == nil { return output.fail("nothing to undo for \(reactor.name)") }
        case .redo:
            target = recorder.timelines[index].redo()
            label = "(redo)"
            if target == nil { return output.fail("nothing to redo for \(reactor.name)") }
        case .jump(let step):
            target = step < recorder.log.nextNumber ? recorder.timelines[index].jump(toAfter: step, current: reactor.snapshot()) : nil
            label = "(jump to after step \(step))"
            if target == nil {
                let steps = recorder.timelines[index].steps
                let range = steps.isEmpty ? "no steps recorded" : "steps \(max(0, steps.first! - 1))…\(steps.last!)"
                return output.fail("cannot jump to step \(step) of \(reactor.name): \(range)")
            }
        default:
            return .succeeded
        }
        for other in scene.reactors { other.cancelAllEffects() }
        reactor.restore(target!)
        recorder.replay.append(ScriptFormatter.metaLine(command))
        reporter.reportChange(of: index, label: label)
        return .succeeded
    }

    func reset(_ name: LocatedText?) -> CommandOutcome {
        var indices = Array(scene.reactors.indices)
        if let name {
            guard let index = scene.index(named: name.text) else { return unknownReactor(name) }
            indices = [index]
        }
        guard !indices.isEmpty else { return output.fail("no reactor loaded; load one with :use NAME") }
        for index in indices {
            scene.reactors[index].reset()
            recorder.timelines[index].clear()
            reporter.reportChange(of: index, label: "(reset)")
        }
        let line = name.map { ":reset \($0.text)" } ?? ":reset"
        recorder.logCommand(line)
        return .succeeded
    }
}
