/// The session's events as `--format json` objects, for the live view (SPEC §10): written to the
/// server's pipe while one runs (``LiveViewProcess``), or captured for an HTML export. Its JSON
/// printers are fed by the ``LiveEventPrinter`` the session's output uses while the feed is
/// active; without `--serve` there is no feed, and none of this runs.
@MainActor
final class LiveEventFeed {
    /// The server's pipe and its printer, while a server runs.
    private var server: (process: LiveViewProcess, printer: JSONLinesPrinter)?
    /// The printer of a capture (``init(capturingInto:)``).
    private var capture: JSONLinesPrinter?
    /// Events written to the server so far (the last one's `seq`).
    private(set) var serverEventCount = 0

    /// A feed with no reader yet (see ``attach(_:catchingUp:)``).
    init() {}

    /// A feed writing every event to `sink` (an HTML export's replay).
    init(capturingInto sink: OutputSink) {
        capture = JSONLinesPrinter(sink: sink)
    }

    /// Whether anything reads the events now.
    var isActive: Bool { server != nil || capture != nil }

    /// Calls `body` with each JSON printer, counting the server's events.
    func each(_ body: (JSONLinesPrinter) -> Void) {
        if let capture { body(capture) }
        if let server {
            body(server.printer)
            serverEventCount += 1
        }
    }

    /// A line about to run, as an `input` event with the line's text (the page's timeline shows
    /// each command line, and comment lines as narration).
    func lineStarted(_ line: String, origin: LineOrigin) {
        each { $0.echo(prompt: "", line: line, origin: origin) }
    }

    /// A scene was loaded: each reactor's whole state, as `state` events.
    func sceneLoaded(_ scene: LoadedScene) {
        for reactor in scene.reactors {
            guard let value = try? scene.stateValue(ofReactorNamed: reactor.name) else { continue }
            each { $0.state(reactor: reactor.name, path: nil, value: value) }
        }
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
