/// Checks scripts against a registry without running them: every line is parsed, resolved and
/// bound as the shell would do it, and what would fail whatever the reactors do is reported.
///
/// ```swift
/// let checker = ScriptChecker(registry: .builtins)
/// for diagnostic in checker.check(text: "increse\n:expect valu == 1\n", source: "demo.rsh") {
///     print(diagnostic)   // demo.rsh:1:1: unknown action 'increse'; did you mean 'increase'?
/// }
/// ```
///
/// What it reports, with the shell's own messages and hints (`did you mean …?`):
/// - lines that do not parse: unknown meta commands, bad arguments of meta commands, bad values;
/// - actions: unknown reactors and actions, unknown labels, missing, extra or ill-typed arguments;
/// - `:use`, `:focus`, `:actions` and `:reset` naming no registry entry or reactor;
/// - `:state`, `:expect`, `:watch` and `:break` paths that cannot exist in the reactor's state,
///   judged on the shape of its initial state (an index past the end of an array, or anything
///   under an empty array or a `nil` optional, may exist later and is accepted);
/// - `:load` files that cannot be read (relative paths are resolved against the directory of the
///   script that loads them, as the shell does) and `:load` cycles; a loaded file is checked
///   where it is loaded, so its `:use` and `:focus` hold for the lines after it, and its
///   problems are reported under its own path;
/// - lines that are not text (invalid UTF-8, a NUL byte, longer than the line limit).
///
/// A script starts in the scene of the configuration's `initialReactor` (default: the registry's
/// first entry), as `run` starts it; `:use` switches the scene being checked. Scenes are made
/// once per entry, never run, and their reactors are detached at once.
@MainActor
public final class ScriptChecker {
    /// The registry the scripts are checked against.
    public let registry: Registry
    /// The settings scenes are made with (the entries' options), the starting scene and the line limit.
    public let configuration: ShellConfiguration
    private var shapes: [String: SceneShape] = [:]

    /// A checker of scripts for `registry`, whose scenes are made with `configuration`.
    public init(registry: Registry, configuration: ShellConfiguration = ShellConfiguration()) {
        self.registry = registry
        self.configuration = configuration
    }

    /// The problems of the script `text`, named `source` in the diagnostics (a file's path: its
    /// `:load` lines are resolved against its directory), in the order of its lines (a loaded
    /// file's among them, where it is loaded); empty when the script is clean.
    public func check(text: String, source: String) -> [Diagnostic] {
        var reader = LineReader(maximumLineLength: configuration.maximumLineLength)
        reader.append(text.utf8)
        reader.finishInput()
        var run = CheckRun(checker: self, start: startingPosition())
        run.enterTopLevel(source)
        run.check(&reader, source: source)
        return run.diagnostics
    }

    /// The problems of the script file at `path`, as ``check(text:source:)`` gives them; throws
    /// when the file cannot be opened (missing, unreadable, a directory).
    public func check(file path: String) throws(ScriptFileError) -> [Diagnostic] {
        let descriptor = try ScriptFile.openForReading(path).get()
        defer { POSIXIO.closeFile(descriptor) }
        var reader = LineReader(descriptor: descriptor, maximumLineLength: configuration.maximumLineLength)
        var run = CheckRun(checker: self, start: startingPosition())
        run.enterTopLevel(path)
        run.check(&reader, source: path)
        return run.diagnostics
    }

    /// The name of the entry a script starts in, when the configuration names one the registry
    /// does not have: a usage error of the command line (as for `run`), so no script is checked.
    public var unknownInitialEntry: String? {
        guard let name = configuration.initialReactor, registry.entry(named: name) == nil else { return nil }
        return name
    }

    /// Where every script starts: the configuration's initial scene, focused on its first reactor.
    private func startingPosition() -> CheckPosition {
        let name = configuration.initialReactor ?? registry.entries.first?.name
        return CheckPosition(scene: name.flatMap(shape(ofEntryNamed:)), focus: 0)
    }

    /// The shape of the entry named `name`, made on first use.
    package func shape(ofEntryNamed name: String) -> SceneShape? {
        if let known = shapes[name] { return known }
        guard let entry = registry.entry(named: name) else { return nil }
        let shape = SceneShape(entry, configuration: configuration)
        shapes[name] = shape
        return shape
    }
}

/// The scene and focus the lines of a script are checked in.
struct CheckPosition {
    /// The scene loaded at this point, if any.
    var scene: SceneShape?
    /// The focused reactor's index in it.
    var focus: Int

    /// The focused reactor's index, when a scene with reactors is loaded.
    var focusIfLoaded: Int? {
        guard let scene, !scene.names.isEmpty else { return nil }
        return focus
    }
}
