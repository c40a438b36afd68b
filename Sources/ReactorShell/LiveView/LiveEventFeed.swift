import StateDiff

/// The session's events as `--format json` objects, for the live view (SPEC §10): written to the
/// server's pipe while one runs (``LiveViewProcess``), or captured for an HTML export. Its JSON
/// printers are fed by the ``LiveEventPrinter`` the session's output uses while the feed is
/// active; without `--serve` there is no feed, and none of this runs.
@MainActor
final class LiveEventFeed {
    /// The server's pipe and its printer, while a server runs.
    private var server: (process: LiveViewProcess, printer: JSONLinesPrinter)?
    /// The sink and printer of a capture (``init(capturingInto:)``).
    private var capture: (sink: OutputSink, printer: JSONLinesPrinter)?
    /// Events written to the server so far (the last one's `seq`).
    private(set) var serverEventCount = 0

    /// A feed with no reader yet (see ``attach(_:catchingUp:)``).
    init() {}

    /// A feed writing every event to `sink` (an HTML export's replay).
    init(capturingInto sink: OutputSink) {
        capture = (sink, JSONLinesPrinter(sink: sink))
    }

    /// Whether anything reads the events now.
    var isActive: Bool { server != nil || capture != nil }

    /// Calls `body` with each JSON printer, counting the server's events.
    func each(_ body: (JSONLinesPrinter) -> Void) {
        if let capture { body(capture.printer) }
        if let server {
            body(server.printer)
            serverEventCount += 1
        }
    }

    /// A line about to run, as an `input` event with the line's text: the page's timeline shows
    /// it (a comment line as narration). Plain action lines, which the parser's fast path binds,
    /// get none: their `action` event names the line, and a batch run pays for no second event.
    func lineStarted(_ line: String, origin: LineOrigin) {
        each { $0.echo(prompt: "", line: line, origin: origin) }
    }

    /// A scene was loaded: a `scene` event with the entry's name, the focus and each reactor's
    /// whole state (`{"event":"scene","entry":"board","focus":"board","reactors":{…}}`).
    func sceneLoaded(_ scene: LoadedScene) {
        var reactors: [StateField] = []
        for reactor in scene.reactors {
            let value = (try? scene.stateValue(ofReactorNamed: reactor.name)) ?? nil
            reactors.append(StateField(reactor.name, value ?? .null))
        }
        let event = StateValue.object([
            StateField("event", .string("scene")),
            StateField("entry", scene.entryName.map { .string($0) } ?? .null),
            StateField("focus", scene.focusedName.map { .string($0) } ?? .null),
            StateField("reactors", .object(reactors)),
        ]).jsonText
        each { $0.sink.writeResult(event) }
    }

    /// Sends what was written to the server now (the page shows it within its 100 ms).
    func flush() {
        server?.process.events.flush()
    }

    /// Feeds `process` from now on, after `earlier` (the events of the session so far, as JSON
    /// objects), so that its log starts at the session's first event.
    func attach(_ process: LiveViewProcess, catchingUp earlier: [String]) {
        for event in earlier { process.events.writeResult(event) }
        serverEventCount = earlier.count
        server = (process, JSONLinesPrinter(sink: process.events))
        flush()
    }

    /// Stops feeding the server (the caller stops it).
    func detach() {
        flush()
        server = nil
    }
}
