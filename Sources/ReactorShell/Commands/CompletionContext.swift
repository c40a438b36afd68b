/// What the completion engine may ask about the session, as closures (evaluated only when needed).
///
/// The line editor builds one from the session; tests build one from literals.
public struct CompletionContext {
    /// The meta command names, with their colons.
    public var metaCommands: [String]
    /// The registry's entry names (after `:use`).
    public var registryNames: () -> [String]
    /// The reactors of the current scene with their commands (empty when no scene is loaded).
    public var reactors: () -> [ReactorCommandTable]
    /// The focused reactor's name.
    public var focusedReactor: () -> String?
    /// The state paths of a reactor (nil: the focused one), e.g. `value`, `repos`, `repos.count`, `posts[0].title`.
    public var statePaths: (_ reactor: String?) -> [String]
    /// File names that start with the given partial path (after `:load` / `:save`), e.g. `examples/` → `examples/counter.rsh`.
    public var fileNames: (_ partial: String) -> [String]

    /// Creates a context; every source defaults to nothing.
    public init(
        metaCommands: [String] = MetaCommandHelp.names,
        registryNames: @escaping () -> [String] = { [] },
        reactors: @escaping () -> [ReactorCommandTable] = { [] },
        focusedReactor: @escaping () -> String? = { nil },
        statePaths: @escaping (_ reactor: String?) -> [String] = { _ in [] },
        fileNames: @escaping (_ partial: String) -> [String] = { _ in [] }
    ) {
        self.metaCommands = metaCommands
        self.registryNames = registryNames
        self.reactors = reactors
        self.focusedReactor = focusedReactor
        self.statePaths = statePaths
        self.fileNames = fileNames
    }
}

/// The word being completed and what may replace it.
public struct Completion: Sendable, Hashable {
    /// The UTF-8 offset in the line where the word being completed starts.
    public var start: Int
    /// Replacements for the text from `start` to the cursor, in a useful order, without duplicates.
    /// Labels end in `:` and reactor prefixes in `.` or `:` (no blank should follow them).
    public var candidates: [String]

    /// Creates a completion.
    public init(start: Int, candidates: [String]) {
        self.start = start
        self.candidates = candidates
    }
}
