import StateDiff

/// One call of ``ScriptChecker``: the script and the files it loads, line by line, with the scene
/// and focus the lines leave behind (`:use`, `:focus`, in loaded files too).
@MainActor
struct CheckRun {
    let checker: ScriptChecker
    /// Where the next line is checked.
    var position: CheckPosition
    /// The problems found, in the order of the lines.
    private(set) var diagnostics: [Diagnostic] = []
    /// The problems already reported (a file loaded twice reports its problems once).
    private var reported: Set<Diagnostic> = []
    /// The scripts being checked, outermost first (canonical paths), for `:load` cycles and paths.
    private var loadStack: [String] = []

    init(checker: ScriptChecker, start: CheckPosition) {
        self.checker = checker
        self.position = start
    }

    /// Starts the chain of loads at the script `source` (a pseudo name like `<stdin>` starts none).
    mutating func enterTopLevel(_ source: String) {
        if !source.hasPrefix("<") { loadStack.append(POSIXIO.canonicalPath(source) ?? source) }
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    /// Checks every line `reader` gives, as lines of `source`.
    mutating func check(_ reader: inout LineReader, source: String) {
        var origin = LineOrigin(source: source, line: 0)
        let limit = checker.configuration.maximumLineLength
        while let line = reader.nextLine() {
            origin.line = line.number
            switch line {
            case .text(let bytes, _):
                checkLine(bytes, origin: origin)
            case .readError:
                report(Diagnostic(origin, column: 1, "cannot read '\(source)': \(reader.failureMessage)"))
                return
            case .binary:
                report(Diagnostic(origin, column: 1, line.problem(source: source, maximumLineLength: limit) ?? ""))
                return
            case .invalidUTF8, .tooLong:
                report(Diagnostic(origin, column: 1, line.problem(source: source, maximumLineLength: limit) ?? ""))
            }
        }
    }

    /// Checks one line, given as its bytes (valid UTF-8), as the session runs one: parsed from
    /// its bytes, an action resolved and bound against the scene.
    mutating func checkLine(_ bytes: LineBytes, origin: LineOrigin) {
        var arguments: [ParsedArgument] = []
        do throws(Diagnostic) {
            switch try ScriptParser.parse(bytes, origin: origin, arguments: &arguments) {
            case .empty:
                return
            case .meta(let meta):
                try checkMeta(meta)
            case .action(let action):
                guard let scene = position.scene, let focus = position.focusIfLoaded else {
                    throw Diagnostic(origin, column: action.nameColumn, SceneMessages.noReactorLoaded + " (see :reactors)")
                }
                _ = try scene.commands.bind(action, in: bytes, arguments: arguments, origin: origin, focus: focus)
            }
        } catch {
            report(error)
        }
    }

    private mutating func checkMeta(_ meta: MetaInvocation) throws(Diagnostic) {
        let origin = meta.origin
        switch meta.command {
        case .use(let entry):
            guard let shape = checker.shape(ofEntryNamed: entry.text) else {
                throw Diagnostic(origin, column: entry.column, SceneMessages.unknownEntry(entry.text, registry: checker.registry))
            }
            position = CheckPosition(scene: shape, focus: 0)
        case .focus(let name):
            position.focus = try reactorIndex(named: name, origin: origin)
        case .actions(let name?), .reset(let name?):
            _ = try reactorIndex(named: name, origin: origin)
        case .state(let reference):
            try checkPath(reference, origin: origin)
        case .watch(let reference?):
            try checkPath(reference, origin: origin)
        case .breakWhen(let condition?):
            try checkPath(condition.path, origin: origin)
        case .expect(let expectation):
            do {
                try checkPath(expectation.path, origin: origin)
            } catch {
                // Reported as a run reports a failed expectation whose path cannot be read.
                throw ExpectationResult(
                    origin: origin, column: meta.column, path: expectation.path.description,
                    comparison: expectation.comparison.symbol, expected: expectation.expected.stateValue, actual: nil,
                    ok: false, problem: error.message
                ).failureDiagnostic
            }
        case .load(let file, _):
            try checkLoad(file, origin: origin)
        default:
            return
        }
    }

    /// The index of the reactor `name` in the scene, or the error the shell gives for it.
    private func reactorIndex(named name: LocatedText, origin: LineOrigin) throws(Diagnostic) -> Int {
        guard let scene = position.scene, !scene.names.isEmpty else {
            throw Diagnostic(origin, column: name.column, SceneMessages.noReactorLoaded)
        }
        guard let index = scene.names.firstIndex(of: name.text) else {
            throw Diagnostic(origin, column: name.column, SceneMessages.noReactor(name.text, among: scene.names, listing: true))
        }
        return index
    }

    /// Checks that `reference` names a reactor of the scene and a path its state can have (nil:
    /// the focused reactor's whole state).
    private func checkPath(_ reference: StatePathReference?, origin: LineOrigin) throws(Diagnostic) {
        let names = position.scene?.names ?? []
        let index = try StatePathReference.reactorIndex(
            of: reference, names: names, focus: position.focusIfLoaded, origin: origin).get()
        guard let reference, let path = try reference.parsedPath(origin: origin) else { return }
        let state: StateValue
        switch position.scene!.initialStates[index] {
        case .success(let value): state = value
        case .failure(let failure): throw Diagnostic(origin, column: 1, failure.message)
        }
        do {
            try state.checkShape(of: path)
        } catch {
            throw reference.unreadable(error, names: names, origin: origin)
        }
    }

    /// Checks that the file of `:load` can be read and is not being loaded already, then checks
    /// its lines here.
    private mutating func checkLoad(_ file: LocatedText, origin: LineOrigin) throws(Diagnostic) {
        let path = resolvedPath(file.text)
        let key = POSIXIO.canonicalPath(path) ?? path
        if loadStack.contains(key) {
            throw Diagnostic(origin, column: file.column,
                ":load cycle: '\(file.text)' is already being loaded (\(loadStack.joined(separator: " → ")))")
        }
        let descriptor: Int32
        switch ScriptFile.openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw Diagnostic(origin, column: file.column, "\(error)")
        }
        defer { POSIXIO.closeFile(descriptor) }
        loadStack.append(key)
        defer { loadStack.removeLast() }
        var reader = LineReader(descriptor: descriptor, maximumLineLength: checker.configuration.maximumLineLength)
        check(&reader, source: path)
    }

    /// `path` resolved against the directory of the script being checked (its canonical path), as
    /// the shell resolves a `:load` path (under a pseudo source like `<stdin>`: the working directory).
    private func resolvedPath(_ path: String) -> String {
        guard !path.hasPrefix("/"), let including = loadStack.last, let slash = including.lastIndex(of: "/") else { return path }
        return String(including[...slash]) + path
    }
}
