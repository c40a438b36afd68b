import StateDiff

/// `:save --expect`: the `:expect` lines that turn a saved session into a test — one for each
/// leaf value the session changed in the scene it ends in (from the scene's state after its
/// `:use` to its state now), and the length of each array that grew or shrank. A replay that
/// behaves the same passes them all; one that changes a value the session changed fails.
enum ExpectationWriter {
    /// At most this many lines; a comment says how many more values changed.
    static let limit = 500

    /// The `:expect` lines for reactor `reactor` (prefixed `REACTOR:` unless `focused`), whose
    /// state went from `initial` to `current`.
    static func lines(reactor: String, focused: Bool, from initial: StateValue, to current: StateValue) -> [String] {
        var changes: [StateChange] = []
        diff(initial, current, appendingTo: &changes)
        let prefix = focused ? "" : reactor + ":"
        var lines: [String] = []
        var counted: Set<StatePath> = []
        for change in changes {
            if change.kind != .replace, let parent = parentArray(of: change.path), !counted.contains(parent) {
                counted.insert(parent)
                if case .array(let elements)? = try? current.value(at: parent) {
                    lines.append(":expect \(prefix)\(pathText(parent, count: true)) == \(elements.count)")
                }
            }
            guard let value = change.newValue else { continue }
            appendLeaves(of: value, at: change.path, prefix: prefix, to: &lines)
        }
        return lines
    }

    /// One line per leaf of `value` at `path`.
    private static func appendLeaves(of value: StateValue, at path: StatePath, prefix: String, to lines: inout [String]) {
        switch value {
        case .object(let fields):
            for field in fields { appendLeaves(of: field.value, at: path.appending(key: field.key), prefix: prefix, to: &lines) }
        case .array(let elements):
            lines.append(":expect \(prefix)\(pathText(path, count: true)) == \(elements.count)")
            for (index, element) in elements.enumerated() {
                appendLeaves(of: element, at: path.appending(index: index), prefix: prefix, to: &lines)
            }
        case .double(let number) where !number.isFinite:
            return  // nan and infinities have no literal a script can read back
        default:
            guard !path.isRoot else { return }
            lines.append(":expect \(prefix)\(path) == \(value.literal())")
        }
    }

    /// The array that an inserted or removed element at `path` belongs to.
    private static func parentArray(of path: StatePath) -> StatePath? {
        var components = path.components
        guard case .index? = components.last else { return nil }
        components.removeLast()
        return StatePath(components)
    }

    /// The path as `:expect` reads it; with `count`, its length (`posts.count`).
    private static func pathText(_ path: StatePath, count: Bool) -> String {
        guard count else { return path.description }
        return path.isRoot ? "count" : "\(path).count"
    }
}
