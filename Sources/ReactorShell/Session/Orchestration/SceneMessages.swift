import StateDiff

/// The messages about scenes, reactors and state paths that both a running session and
/// ``ScriptChecker`` give: one wording, one set of hints.
enum SceneMessages {
    /// A command that needs a reactor, with no scene loaded.
    static let noReactorLoaded = "no reactor loaded; load one with :use NAME"

    /// `:use NAME` with a name the registry does not have.
    static func unknownEntry(_ name: String, registry: Registry) -> String {
        "unknown reactor '\(name)'\(Suggestions.didYouMean(name, among: registry.names)) (see :reactors)"
    }

    /// A reactor name the scene (whose reactors are `names`) does not have; `listing` adds the names.
    static func noReactor(_ name: String, among names: [String], listing: Bool) -> String {
        let known = listing ? "; reactors: \(names.joined(separator: ", "))" : ""
        return "no reactor '\(name)' in this scene\(Suggestions.didYouMean(name, among: names))" + known
    }

    /// `; did you mean 'write:title'?` for a path of the focused reactor that starts with the
    /// name of a reactor of the scene (`write.title`, `write`; `names` are the scene's): a `.`
    /// written where `:` belongs. Empty otherwise.
    static func reactorPrefixHint(forPath path: String, names: [String]) -> String {
        let head = path.prefix { $0 != "." && $0 != "[" }
        guard !head.isEmpty, names.contains(String(head)) else { return "" }
        let rest = path.dropFirst(head.count)
        if rest.isEmpty { return "; did you mean '\(head):'?" }
        guard rest.first == "." else { return "" }
        return "; did you mean '\(head):\(rest.dropFirst())'?"
    }
}

extension StatePathReference {
    /// The index of the reactor `reference` reads in a scene of reactors named `names`: its
    /// `REACTOR:` prefix, or the focused one (`focus`, nil when no scene is loaded).
    static func reactorIndex(
        of reference: StatePathReference?, names: [String], focus: Int?, origin: LineOrigin
    ) -> Result<Int, Diagnostic> {
        if let name = reference?.reactor {
            guard let index = names.firstIndex(of: name.text) else {
                return .failure(Diagnostic(origin, column: name.column, SceneMessages.noReactor(name.text, among: names, listing: false)))
            }
            return .success(index)
        }
        guard let focus else { return .failure(Diagnostic(origin, column: 1, SceneMessages.noReactorLoaded)) }
        return .success(focus)
    }

    /// The error for this reference's path when the state (of a scene of reactors named `names`)
    /// cannot have it (`error` says why), with the hint for a `.` written where `:` belongs.
    func unreadable(_ error: any Error, names: [String], origin: LineOrigin) -> Diagnostic {
        let hint = reactor == nil ? SceneMessages.reactorPrefixHint(forPath: path.text, names: names) : ""
        return Diagnostic(origin, column: path.column, "\(error)\(hint)")
    }

    /// The path after the prefix, parsed; nil for the whole state. A syntax error is located
    /// at its column in the line.
    func parsedPath(origin: LineOrigin) throws(Diagnostic) -> StatePath? {
        guard !path.text.isEmpty else { return nil }
        do {
            return try StatePath(parsing: path.text)
        } catch let error as StatePathSyntaxError {
            throw Diagnostic(origin, column: path.column + error.column - 1,
                "bad path '\(path.text)': expected \(error.expected), found \(error.found)")
        } catch {
            throw Diagnostic(origin, column: path.column, "\(error)")
        }
    }
}
