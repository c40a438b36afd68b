import ReactorShell

/// The scene a line of a script runs in: the registry entry loaded by the last `:use` before it
/// (or the one the script starts in) and the focused reactor, with the entry's shape as
/// `check` sees it.
@MainActor
struct SceneAtLine {
    /// The focused reactor's name, nil when no scene is loaded.
    private(set) var focus: String?
    /// The scene's shape (commands, initial states), nil when none is loaded.
    private(set) var shape: SceneShape?

    /// The scene in force at line `index` (0-based) of `document`, following the `:use` and
    /// `:focus` lines before it from the checker's starting scene.
    static func find(at index: Int, in document: TextDocument, checker: ScriptChecker) -> SceneAtLine {
        var scene = SceneAtLine()
        if let start = checker.configuration.initialReactor ?? checker.registry.entries.first?.name {
            scene.use(start, checker: checker)
        }
        for lineIndex in 0..<index {
            guard let line = document.line(lineIndex),
                  case .meta(let meta)? = try? ScriptParser.parse(line.text) else { continue }
            switch meta.command {
            case .use(let entry): scene.use(entry.text, checker: checker)
            case .focus(let reactor) where scene.shape?.names.contains(reactor.text) == true: scene.focus = reactor.text
            default: break
            }
        }
        return scene
    }

    private mutating func use(_ name: String, checker: ScriptChecker) {
        guard let shape = checker.shape(ofEntryNamed: name) else { return }
        self.shape = shape
        focus = shape.names.first
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
        let tables = shape?.tables ?? []
        let focus = focus
        var paths: [String: [String]] = [:]
        for name in shape?.names ?? [] { paths[name] = shape?.statePaths(of: name) }
        return CompletionContext(
            registryNames: { registry.names },
            reactors: { tables },
            focusedReactor: { focus },
            statePaths: { reactor in (reactor ?? focus).flatMap { paths[$0] } ?? [] },
            fileNames: { partial in FileNameCompletion.candidates(for: partial, relativeTo: directory) }
        )
    }
}
