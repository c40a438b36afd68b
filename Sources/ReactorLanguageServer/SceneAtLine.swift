import ReactorShell

/// The scene a line of a script runs in: the registry entry loaded by the last `:use` before it
/// (or the shell's initial one) and the focused reactor.
struct SceneAtLine {
    /// The registry entry's name, nil when none is loaded.
    var entry: String?
    /// The focused reactor's name, nil when no scene is loaded.
    var focus: String?
    /// The scene's shape, nil when none is loaded.
    var shape: SceneShape?

    /// The scene in force at line `index` (0-based) of `document`, following the `:use` and
    /// `:focus` lines before it, starting from `initialEntry`.
    @MainActor
    static func find(at index: Int, in document: TextDocument, initialEntry: String?, catalog: SceneCatalog) -> SceneAtLine {
        var scene = SceneAtLine(entry: nil, focus: nil, shape: nil)
        if let initialEntry { scene.use(initialEntry, catalog: catalog) }
        for lineIndex in 0..<index {
            guard let line = document.line(lineIndex),
                  case .meta(let meta)? = try? ScriptParser.parse(line.text) else { continue }
            switch meta.command {
            case .use(let entry): scene.use(entry.text, catalog: catalog)
            case .focus(let reactor) where scene.shape?.tables.contains(where: { $0.name == reactor.text }) == true:
                scene.focus = reactor.text
            default: break
            }
        }
        return scene
    }

    @MainActor
    private mutating func use(_ name: String, catalog: SceneCatalog) {
        guard let shape = catalog.shape(ofEntry: name) else { return }
        entry = name
        self.shape = shape
        focus = shape.tables.first?.name
    }

    /// The command table of `reactor` (nil: the focused one).
    func table(_ reactor: String?) -> ReactorCommandTable? {
        guard let name = reactor ?? focus else { return nil }
        return shape?.tables.first { $0.name == name }
    }

    /// The signature an action word names: `increase` (focused reactor) or `write.submit`.
    func signature(ofAction word: String) -> CommandSignature? {
        if let dot = word.firstIndex(of: ".") {
            return table(String(word[..<dot]))?.signature(named: String(word[word.index(after: dot)...]))
        }
        return table(nil)?.signature(named: word)
    }

    /// The completion engine's view of this scene, with file names relative to `directory`.
    func completionContext(registry: Registry, directory: String?) -> CompletionContext {
        let shape = shape
        let focus = focus
        return CompletionContext(
            registryNames: { registry.names },
            reactors: { shape?.tables ?? [] },
            focusedReactor: { focus },
            statePaths: { reactor in (reactor ?? focus).flatMap { shape?.statePaths[$0] } ?? [] },
            fileNames: { partial in FileNameCompletion.candidates(for: partial, relativeTo: directory) }
        )
    }
}
