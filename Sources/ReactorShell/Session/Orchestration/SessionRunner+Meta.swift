import ReactorCore
import StateDiff

extension SessionRunner {
    /// Runs one meta command.
    func runMeta(_ invocation: MetaInvocation) async -> CommandOutcome {
        switch invocation.command {
        case .help(let topic): return help(topic)
        case .reactors:
            let column = (registry.names.map(\.count).max() ?? 0) + 4
            let width = output.layoutWidth ?? Int.max
            let lines = registry.entries.flatMap { entry in
                let marker = entry.name == scene.entryName ? "*" : " "
                let prefix = "\(marker) \(entry.name)".padded(to: column)
                return TextLayout.wrap(entry.summary, width: width, prefix: prefix, indent: column)
            }
            output.printer.text(lines.joined(separator: "\n"))
            return .succeeded
        case .use(let entry):
            return loadScene(named: entry.text, column: entry.column)
        case .focus(let name):
            guard let index = scene.index(named: name.text) else { return unknownReactor(name) }
            scene.focusIndex = index
            recorder.record.scene(
                scene.entryName ?? "", reactors: scene.names, prompt: prompt, isLoad: false, focus: scene.focusedName)
            recorder.record.script.append(":focus \(name.text)")
            return .succeeded
        case .actions(let name):
            guard let name else {
                guard scene.focusIndexIfLoaded != nil else { return output.fail("no reactor loaded; load one with :use NAME") }
                output.printer.text(actionsOverview())
                return .succeeded
            }
            guard let index = scene.index(named: name.text) else { return unknownReactor(name) }
            output.printer.text(CommandListing.lines(for: scene.commandTables[index].signatures, width: output.layoutWidth).joined(separator: "\n"))
            return .succeeded
        case .state(let reference):
            return showState(reference)
        case .sceneState:
            return showSceneState()
        case .expect(let expectation):
            return expect(expectation, column: invocation.column)
        case .wait(let limit):
            recorder.record.script.append(":wait")
            return await waitForQuiescence(limit: limit ?? waitLimit)
        case .advance(let duration):
            guard scene.scheduler.virtualClock != nil else {
                return output.fail(":advance needs the virtual clock (start with --virtual-clock)")
            }
            recorder.record.script.append(ScriptFormatter.metaLine(invocation.command))
            await scene.scheduler.advance(by: duration)
            return .succeeded
        case .sleep(let duration):
            do {
                try await Task.sleep(for: duration)
            } catch {
                return output.fail(interruptedMessage())
            }
            return .succeeded
        case .history:
            output.printer.text(historyText())
            return .succeeded
        case .undo, .redo, .jump:
            return travel(invocation.command)
        case .reset(let name):
            return reset(name)
        case .save(let file, let kind):
            return await save(to: file, kind: kind)
        case .diagram(let file):
            return await writeDiagram(to: file)
        case .serve(let port):
            return await serve(port: port)
        case .serveStop:
            return stopServing()
        case .load(let file, let options):
            return await load(file, options: options)
        case .set(let setting):
            guard let setting else {
                output.printer.text(settingsOverview())
                return .succeeded
            }
            apply(setting)
            return .succeeded
        case .pause(let text):
            return await pause(text)
        case .watch(let path):
            return watch(path)
        case .unwatch(let path):
            return unwatch(path)
        case .breakWhen(let expectation):
            return addBreak(expectation)
        case .unbreak(let path):
            return removeBreaks(path)
        case .clear:
            clearScreen()
            return .succeeded
        case .explore(let arguments):
            return await explore(arguments)
        case .quit:
            return .quit(code: nil)
        case .exit(let code):
            return .quit(code: code)
        }
    }

    // MARK: Help

    private func help(_ topic: LocatedText?) -> CommandOutcome {
        guard let topic else {
            output.printer.text(helpPage())
            return .succeeded
        }
        let name = topic.text
        if let group = MetaCommandGroup.named(name) {
            output.printer.text(group.listing(width: output.layoutWidth))
            return .succeeded
        }
        let metaName = name.hasPrefix(":") ? name : ":" + name
        if let entry = MetaCommandHelp.entry(named: metaName) {
            output.printer.text(TextLayout.wrapLines(entry.fullText, width: output.layoutWidth))
            return .succeeded
        }
        var actionName = name
        var index = scene.focusIndexIfLoaded
        if let dot = name.firstIndex(of: ".") {
            let reactorName = String(name[..<dot])
            index = scene.index(named: reactorName)
            actionName = String(name[name.index(after: dot)...])
        }
        if let index, let signature = scene.commandTables[index].signature(named: actionName) {
            output.printer.text(TextLayout.wrapLines(signature.helpText, width: output.layoutWidth))
            return .succeeded
        }
        let candidates = MetaCommandHelp.names + MetaCommandGroup.all.map(\.name) + (scene.focusIndexIfLoaded.map { scene.commandTables[$0].signatures.map(\.name) } ?? [])
        return output.fail("no help for '\(name)'\(Suggestions.didYouMean(name, among: candidates))", column: topic.column)
    }

    // MARK: Settings

    private func apply(_ setting: MetaCommand.Setting) {
        switch setting {
        case .diff(let on): reporter.setShowsDiffs(on)
        case .format(let format): output.setFormat(format == .json ? .json : .text)
        case .trace(let on): recorder.trace = on
        case .color(let color): output.setColor(ColorMode(rawValue: color.rawValue) ?? .auto)
        }
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
