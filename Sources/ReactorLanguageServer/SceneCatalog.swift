import ReactorCore
import ReactorShell
import StateDiff

/// What a registry entry's scene looks like before anything runs: its reactors' commands and the
/// paths into their initial states.
struct SceneShape {
    /// The reactors' command tables, in scene order (the first is focused after `:use`).
    let tables: [ReactorCommandTable]
    /// The state paths of each reactor (`value`, `repos.count`, `posts[0].title`), by name.
    let statePaths: [String: [String]]
}

/// The shapes of a registry's scenes, each built once, on first use, from a fresh scene on a
/// virtual clock (whose reactors are never sent anything).
@MainActor
final class SceneCatalog {
    /// The registry whose scenes are described.
    let registry: Registry
    private let configuration: ShellConfiguration
    private var shapes: [String: SceneShape] = [:]

    /// A catalog of `registry`'s scenes, built with `configuration` (the entries' settings).
    init(registry: Registry, configuration: ShellConfiguration) {
        self.registry = registry
        self.configuration = configuration
    }

    /// The shape of the entry named `name`, or nil when the registry has no such entry.
    func shape(ofEntry name: String) -> SceneShape? {
        if let shape = shapes[name] { return shape }
        guard let entry = registry.entry(named: name) else { return nil }
        let scene = entry.makeScene(SceneContext(scheduler: Scheduler.virtual(), configuration: configuration))
        var paths: [String: [String]] = [:]
        for reactor in scene.reactors {
            let state = (try? reactor.stateValue()) ?? .null
            paths[reactor.name] = state.paths().map(\.description).filter { !$0.isEmpty }
        }
        let shape = SceneShape(tables: scene.reactors.map(\.commandTable), statePaths: paths)
        for reactor in scene.reactors { reactor.cancelAllEffects() }
        shapes[name] = shape
        return shape
    }
}
