import StateDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The views of the whole scene a room needs when it has several reactors: every reactor's
/// actions (`:actions`, `:help`), every reactor's state (`:state *`), the settings (`:set`), and
/// the hint for a `.` written where a `REACTOR:` prefix belongs.
extension SessionRunner {
    /// The actions of every reactor of the scene, grouped by reactor: the focused one first, as
    /// plain `ACTION` lines reach it, then the others, sent as `REACTOR.ACTION`. A scene of one
    /// reactor lists its actions under its name.
    func actionsOverview() -> String {
        guard let focus = scene.focusIndexIfLoaded else {
            return "No reactor loaded: :reactors lists them, :use NAME loads one."
        }
        let order = [focus] + scene.reactors.indices.filter { $0 != focus }
        let several = order.count > 1
        return order.map { index in
            let name = scene.reactors[index].name
            let heading = !several ? "Actions of \(name):"
                : index == focus ? "Actions of \(name) (focused: type ACTION):"
                : "Actions of \(name) (type \(name).ACTION):"
            return ([heading] + CommandListing.lines(for: scene.commandTables[index].signatures, width: output.layoutWidth)).joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The `:help` page, short enough for a 24-row screen: every reactor's actions on a line or
    /// two each, then the meta commands by group (`:help GROUP`, `:help :COMMAND` give the rest).
    /// Laid out for the terminal's width when the output is one.
    func helpPage() -> String {
        let width = output.layoutWidth
        func wrapped(_ prefix: String, _ words: [String], indent: Int) -> [String] {
            TextLayout.wrap(words: words, width: width ?? Int.max, prefix: prefix, indent: indent)
        }
        var lines = ["Type an action (ACTION ARG…, or REACTOR.ACTION ARG…) or a :command.", ""]
        if let focus = scene.focusIndexIfLoaded {
            lines.append("Actions (:actions lists their docs, :help ACTION shows one):")
            let order = [focus] + scene.reactors.indices.filter { $0 != focus }
            let names = order.map { index in
                scene.reactors[index].name + (order.count > 1 && index == focus ? " (focused)" : "")
            }
            let column = (names.map(\.count).max() ?? 0) + 4
            for (index, name) in zip(order, names) {
                let signatures = scene.commandTables[index].signatures.map(\.signatureText)
                let items = signatures.enumerated().map { $0.offset < signatures.count - 1 ? $0.element + "," : $0.element }
                lines += wrapped("  " + name.padded(to: column - 2), items, indent: column)
            }
        } else {
            lines.append("No reactor loaded: :reactors lists them, :use NAME loads one.")
        }
        lines += ["", "Commands (:help GROUP lists a group, :help :COMMAND shows one):"]
        let column = (MetaCommandGroup.all.map(\.name.count).max() ?? 0) + 4
        for group in MetaCommandGroup.all {
            lines += wrapped("  " + group.name.padded(to: column - 2), group.commands, indent: column)
        }
        return lines.joined(separator: "\n")
    }

    /// `:set` alone: every setting with its value now, and the values it takes.
    func settingsOverview() -> String {
        let current: [String: String] = [
            "diff": reporter.showsDiffs ? "on" : "off",
            "format": output.format.rawValue,
            "trace": recorder.trace ? "on" : "off",
            "color": output.colorMode.rawValue,
        ]
        let width = MetaCommandHelp.settings.map(\.name.count).max() ?? 0
        return MetaCommandHelp.settings.map { setting in
            let value = current[setting.name] ?? "?"
            return "  \(setting.name.padded(to: width + 1))\(value.padded(to: 7))(\(setting.values.joined(separator: "|")))"
        }.joined(separator: "\n")
    }

    /// `:state *`: every reactor's state, one tree under each reactor's name.
    func showSceneState() -> CommandOutcome {
        guard scene.focusIndexIfLoaded != nil else { return output.fail("no reactor loaded; load one with :use NAME") }
        var states: [(reactor: String, value: StateValue)] = []
        for reactor in scene.reactors {
            do {
                states.append((reactor.name, try reactor.state.value()))
            } catch {
                return output.fail("cannot describe the state of \(reactor.name): \(error)")
            }
        }
        output.printer.sceneState(states)
        return .succeeded
    }

    /// `:clear`: clears the screen of the terminal the session is shown on (a stepping run's
    /// display); nothing in JSON mode or when the output is not a terminal.
    func clearScreen() {
        guard output.format == .text else { return }
        let descriptor = keyboard?.display ?? STDOUT_FILENO
        guard TerminalInfo.isTerminal(descriptor) else { return }
        output.sink.flush()
        _ = POSIXIO.writeAll(TextLayout.clearScreen, to: descriptor)
    }
}
