import ReactorCore
import StateDiff

/// What checking a script needs of a registry entry's scene, taken once from a fresh scene that
/// never runs: its reactors' names, their commands, and the shape of their initial states.
@MainActor
package final class SceneShape {
    /// The registry entry's name.
    let entryName: String
    /// The reactors' names, in the scene's order (the first is focused after `:use`).
    package let names: [String]
    /// The reactors' commands, prepared for resolving lines.
    let commands: SceneCommands
    /// Each reactor's initial state, or why it could not be described.
    let initialStates: [Result<StateValue, DescriptionFailure>]

    /// Why a reactor's state could not be described (the error's text).
    struct DescriptionFailure: Error {
        let message: String
    }

    /// The shape of a fresh scene of `entry`, made on a virtual clock with `configuration`; its
    /// reactors' effects are cancelled once their states are read (nothing records their events).
    init(_ entry: RegistryEntry, configuration: ShellConfiguration) {
        let scene = entry.makeScene(SceneContext(scheduler: Scheduler.virtual(), configuration: configuration))
        entryName = entry.name
        names = scene.reactors.map(\.name)
        commands = SceneCommands(scene.reactors.map(\.commandTable))
        initialStates = scene.reactors.map { reactor in
            Result { () throws(DescriptionFailure) in
                do {
                    return try reactor.state.value()
                } catch {
                    throw DescriptionFailure(message: "cannot describe the state of \(reactor.name): \(error)")
                }
            }
        }
        for reactor in scene.reactors { reactor.state.cancelAllEffects() }
    }
}

extension SceneShape {
    /// The reactors' command tables, in the scene's order (for the language server).
    package var tables: [ReactorCommandTable] { commands.tables }

    /// The paths into the initial state of the reactor named `name` (`value`, `repos.count`,
    /// `posts[0].title`), as the shell completes them; none when its state could not be described.
    package func statePaths(of name: String) -> [String] {
        guard let index = names.firstIndex(of: name), case .success(let state) = initialStates[index] else { return [] }
        return state.paths().map(\.description).filter { !$0.isEmpty }
    }
}
