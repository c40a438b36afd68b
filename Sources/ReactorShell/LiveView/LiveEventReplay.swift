/// The events of a session so far as `--format json` objects, made by running its top-level
/// lines again in a fresh session on a virtual clock: the contents of an HTML export, and what a
/// live view started mid-session begins with. (The other exports, `:save`, `--expect`,
/// `--transcript` and `:diagram`, read the session's ``SessionRecord`` and run nothing again.)
@MainActor
enum LiveEventReplay {
    /// The events of `lines` (a session's top-level lines) run in a fresh session of `registry`
    /// with `configuration`. `summary`: end with the `summary` event (an export; not a live view
    /// that goes on).
    static func events(
        of lines: [SessionInput.Line], registry: Registry, configuration: ShellConfiguration, summary: Bool
    ) async -> [String] {
        var events: [String] = []
        let capture = OutputSink()
        capture.interceptor = { events.append($0) }
        let discard = OutputSink()
        discard.interceptor = { _ in }
        discard.errorInterceptor = { _ in }
        var settings = configuration
        settings.clock = .virtual
        settings.color = .never
        settings.format = .text
        let session = ShellSession(registry: registry, configuration: settings, sink: discard, interactive: false)
        session.runner.isReplay = true
        let feed = LiveEventFeed(sink: capture, scene: session.runner.scene)
        session.addReader(feed)
        _ = session.loadInitialScene()
        for line in lines {
            let kind = ScriptLineKind(line.text)
            if kind == .hidden || Self.isServeLine(line.text) { continue }
            // A sleep waits on the real clock: nothing a replay on the virtual clock needs.
            if ScriptLineKind.arguments(of: line.text.trimmingBlanks, command: ":sleep") != nil { continue }
            if case .pause = kind { continue }
            let outcome = await session.execute(line: line.text, origin: line.origin, waitAfterAction: true)
            if case .quit = outcome { break }
        }
        if summary { session.printSummary() }
        feed.flush()
        return events
    }

    private static func isServeLine(_ line: String) -> Bool {
        let trimmed = line.trimmingBlanks
        return trimmed == ":serve" || trimmed.hasPrefix(":serve ") || trimmed.hasPrefix(":serve\t")
    }
}
