import StateDiff

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
            return ([heading] + CommandListing.lines(for: scene.commandTables[index].signatures)).joined(separator: "\n")
        }.joined(separator: "\n\n")
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
                states.append((reactor.name, try reactor.stateValue()))
            } catch {
                return output.fail("cannot describe the state of \(reactor.name): \(error)")
            }
        }
        output.printer.sceneState(states)
        return .succeeded
    }
}
