import StateDiff

/// The paths `:watch` asked for, by reactor name (SPEC §9): while there are any, text diffs
/// show only the changes at or under a watched path, or above one (a whole array replaced
/// changes every path in it), followed by `(N other changes)`.
struct WatchList {
    /// One watched path of one reactor.
    struct Watch: Equatable {
        /// The reactor's name (a watch lasts across `:use`; it applies while a reactor of that name is loaded).
        let reactor: String
        /// The path as written, for listings and `:unwatch`.
        let written: String
        /// The path compared with the changes' paths.
        let path: StatePath
    }

    private(set) var watches: [Watch] = []

    /// Whether nothing is watched (then diffs are shown whole).
    var isEmpty: Bool { watches.isEmpty }

    /// Adds `watch` unless it is there already; returns whether it was added.
    mutating func add(_ watch: Watch) -> Bool {
        guard !watches.contains(watch) else { return false }
        watches.append(watch)
        return true
    }

    /// Removes the watches of `reactor` on the path written `written`, or every watch when nil;
    /// returns how many went.
    mutating func remove(reactor: String?, written: String?) -> Int {
        let before = watches.count
        if let reactor, let written {
            watches.removeAll { $0.reactor == reactor && $0.written == written }
        } else {
            watches.removeAll()
        }
        return before - watches.count
    }

    /// `changes` of `reactor`'s state split into those a watch covers and how many others.
    func split(_ changes: [StateChange], of reactor: String) -> (shown: [StateChange], others: Int) {
        let paths = watches.filter { $0.reactor == reactor }.map(\.path)
        var shown: [StateChange] = []
        for change in changes where paths.contains(where: { Self.overlaps($0, change.path) }) {
            shown.append(change)
        }
        return (shown, changes.count - shown.count)
    }

    /// Whether one path is a prefix of the other (the same place, under it, or above it).
    static func overlaps(_ watched: StatePath, _ changed: StatePath) -> Bool {
        let watchedSteps = watched.components, changedSteps = changed.components
        let common = min(watchedSteps.count, changedSteps.count)
        return watchedSteps.prefix(common) == changedSteps.prefix(common)
    }
}
