/// The shell's one history file, opened for the interactive prompt and for the pauses of a
/// `run --step` alike.
extension HistoryStore {
    /// The store for `configuration`'s shell (`--history-file`, the history variable, or the
    /// state directory), loaded; nil when the history is off (`limit` 0) or cannot be used, which
    /// is said once on `sink` (the lines are then kept in memory only).
    @MainActor
    static func openForShell(configuration: ShellConfiguration, limit: Int, sink: OutputSink) -> HistoryStore? {
        let identity = configuration.identity
        guard limit > 0, let path = HistoryStore.resolvePath(
            explicitPath: configuration.historyFile, directoryName: identity.name,
            environmentVariable: identity.historyVariable)
        else { return nil }
        let history = HistoryStore(path: path, limit: limit)
        do {
            try history.load()
            if let notice = history.notice {
                sink.writeError(TextLayout.forStandardError(
                    "\(identity.name): history: \(notice) (\(identity.historySizeVariable) sets the limit)",
                    environment: configuration.environment))
            }
            return history
        } catch {
            sink.writeError(TextLayout.forStandardError(
                "\(identity.name): history not saved: \(error)", environment: configuration.environment))
            return nil
        }
    }

    /// The history a `run --step`'s pauses use: this store's lines (or, without a store, those
    /// typed in this run).
    @MainActor
    static func pauseHistory(_ store: HistoryStore?) -> PauseHistory {
        guard let store else {
            let typed = TypedLines()
            return PauseHistory(entries: { typed.lines }, record: { typed.lines.append($0) })
        }
        return PauseHistory(entries: { store.entries }, record: { _ = try? store.append($0) })
    }
}

/// Lines typed at the pauses of a run without a history file.
@MainActor
private final class TypedLines {
    var lines: [String] = []
}
