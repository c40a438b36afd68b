import Dispatch
import StateDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live view of one session (SPEC §10): starts and stops the server process, adds to the
/// session the journal reader that feeds it the session's events (``LiveEventFeed``), answers its requests for the state, and hands its commands to the front end,
/// which runs each as if typed (``runCommand``) when the session is free to.
@MainActor
final class LiveViewController: ExemptFields<[(id: Int, line: String)]> {
    /// What the front end does with a command from the page: runs it as if typed, and returns its outcome.
    typealias CommandRunner = @MainActor (String) async -> CommandOutcome

    private let output: SessionOutput
    private let scene: LoadedScene
    private let shellName: String
    /// The longest command the page may send, in bytes (`--max-line-length`): the server refuses longer ones.
    private let commandLimit: Int
    /// The session, which the feed reads while the server runs.
    private weak var runner: SessionRunner?
    /// The reader writing the session's events to the server, while one runs.
    private(set) var feed: LiveEventFeed?
    private var process: LiveViewProcess?
    /// The secret in the page's address, made once per session (a restarted server keeps it).
    private let token = LiveViewController.makeToken()
    /// How the server listens (the last `start`'s).
    private(set) var settings = LiveViewSettings()
    /// Commands from the page not run yet, in order, with their request numbers.
    /// The controller's `ExemptFields` (IO/ShellMemory.swift): looked at on every line of a served
    /// run (``isDueBetweenLines(needsInput:)``) without a dynamic exclusivity check (about 60
    /// instructions a line); main-actor state, never passed `inout` to code that could reach it.
    private var pending: [(id: Int, line: String)] {
        _read { yield fields }
        _modify { yield &fields }
    }
    private var isRunningCommand = false
    /// Runs the page's commands; nil while the session cannot take them (a script is running):
    /// they wait until it is set.
    var runCommand: CommandRunner? {
        didSet { runPendingCommands() }
    }
    /// The URL printed when the server is up (nil before).
    private(set) var address: String?
    /// Why the last start failed, as the server said it (`cannot listen on …`), if it did.
    private(set) var startFailure: String?
    /// Called when the server ends by itself or cannot start (a `run --serve` stops waiting).
    var onStop: (() -> Void)?

    /// Sends the events to the server every 50 ms while the main queue is free (in a busy batch
    /// run, the feed's writer sends them whenever its buffer fills, and the run flushes the feed
    /// between its lines: ``isDueBetweenLines(needsInput:)``).
    private var flushTimer: DispatchSourceTimer?

    init(runner: SessionRunner, shellName: String) {
        self.runner = runner
        output = runner.output
        scene = runner.scene
        self.shellName = shellName
        commandLimit = runner.configuration.maximumLineLength
        super.init([])
    }

    /// Whether a server runs.
    var isServing: Bool { process != nil }

    /// Waits until the server listens (true) or has failed (false), at most 10 s. Its messages
    /// are read here, without suspending: a batch run goes on on the main thread (see
    /// ``receiveMessages(waitingAtMost:orUntilReadable:)``).
    func waitUntilListening() -> Bool {
        let deadline = DispatchTime.now() + .seconds(10)
        while address == nil, let process, !process.hasEnded, DispatchTime.now() < deadline {
            process.receiveMessages(waitingAtMost: 100)
        }
        return address != nil
    }

    /// Handles the server's messages that have come (its requests for the state are answered,
    /// its commands wait for ``runCommandsBetweenLines()``) without letting the main queue run;
    /// when none has come, waits at most `milliseconds` for one, or until `input`, if given, can
    /// be read. Returns whether `input` can be read.
    @discardableResult
    func receiveMessages(waitingAtMost milliseconds: Int32 = 0, orUntilReadable input: Int32? = nil) -> Bool {
        process?.receiveMessages(waitingAtMost: milliseconds, orUntilReadable: input) ?? false
    }

    /// Starts the server with `settings`, first feeding it `earlier` (the session's events so
    /// far), then every event the session's journal readers read; the address is printed when it
    /// listens. Returns an error message when it cannot start.
    func start(_ settings: LiveViewSettings, catchingUp earlier: [String]) -> String? {
        stop()
        let executable: String
        switch LiveViewExecutable.locate(shellName: shellName) {
        case .success(let path): executable = path
        case .failure(let error): return "\(error)"
        }
        self.settings = settings
        switch LiveViewProcess.start(
            executable: executable, settings: settings, token: token, commandLimit: commandLimit,
            catchUp: earlier.count,
            receive: { [weak self] in self?.receive($0) }
        ) {
        case .success(let started): process = started
        case .failure(let error): return "\(error)"
        }
        startFailure = nil
        let events = process!.events
        events.write(lines: earlier)
        let feed = LiveEventFeed(writer: events, scene: scene, eventsBefore: earlier.count)
        self.feed = feed
        runner?.addReader(feed)
        if earlier.isEmpty { feed.sceneLoaded() }
        feed.flush()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(50), repeating: .milliseconds(50))
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.feed?.flush() } }
        timer.resume()
        flushTimer = timer
        return nil
    }

    /// Stops the server, if one runs.
    func stop() {
        guard let process else { return }
        flushTimer?.cancel()
        flushTimer = nil
        if let feed {
            runner?.removeReader(feed)
            feed.flush()
        }
        feed = nil
        process.stop()
        self.process = nil
        address = nil
    }

    /// Sends the events written so far to the server (called after each line and at pauses).
    func flush() { feed?.flush() }

    private func receive(_ message: LiveViewProcess.Message) {
        switch message {
        case .listening(let port):
            if settings.isWiderThanLoopback {
                output.sink.writeError(
                    "\(shellName): warning: the live view listens on \(settings.host): anyone who can reach this machine and has the link can run commands in this session")
            }
            let host = settings.host == "0.0.0.0" || settings.host == "::" || settings.host == "localhost"
                ? "127.0.0.1" : settings.host.contains(":") ? "[\(settings.host)]" : settings.host
            let url = "http://\(host):\(port)/#token=\(token)"
            address = url
            output.sink.writeError("live view: \(url)")
        case .failed(let message):
            // While starting, the one who waits for it says why (``startFailure``); later, it is said here.
            if address == nil {
                startFailure = message
            } else {
                output.sink.writeError("\(shellName): live view: \(message)")
            }
            stop()
            onStop?()
        case .command(let id, let line):
            pending.append((id, line))
            runPendingCommands()
        case .state(let id):
            feed?.flush()
            process?.reply("state \(id) \(stateJSON())")
        }
    }

    private func runPendingCommands() {
        guard !isRunningCommand, let runCommand, !pending.isEmpty else { return }
        let (id, line) = pending.removeFirst()
        isRunningCommand = true
        Task { @MainActor in
            _ = await run(line, id: id, with: runCommand)
            isRunningCommand = false
            runPendingCommands()
        }
    }

    /// Runs the page's commands between the lines of a script (see ``runCommandsBetweenLines()``);
    /// nil: they wait for ``runCommand``.
    var runBetweenLines: CommandRunner?

    /// Whether commands from the page wait to be run.
    var hasPendingCommands: Bool { !pending.isEmpty }

    /// Lines a script runs before ``isDueBetweenLines(needsInput:)`` next reads the clock.
    private var linesUntilClockReading = 0
    /// When the server is next served between a script's lines.
    private var nextServiceBetweenLines = DispatchTime.now()
    /// How often a script running at full speed lets the server in between its lines: its
    /// requests answered, the page's commands run, the events so far sent (so within this of
    /// being written).
    static let serviceIntervalBetweenLines: DispatchTimeInterval = .milliseconds(10)
    /// How many lines a script runs between two readings of the clock (a line takes a few
    /// microseconds or more; reading the clock, a few dozen nanoseconds).
    static let linesBetweenClockReadings = 32

    /// Whether the script runner, between two lines, must serve the server now (it calls
    /// ``servedBetweenLines()`` when it has): when the next line must be read from an input
    /// that may have to be waited for (`needsInput`), when the page's commands wait, or when
    /// ``serviceIntervalBetweenLines`` has passed. Cheap enough for every line: most lines only
    /// count down to the next reading of the clock. Never with no ``runBetweenLines``.
    func isDueBetweenLines(needsInput: Bool) -> Bool {
        if needsInput || !pending.isEmpty { return runBetweenLines != nil }
        linesUntilClockReading -= 1
        guard linesUntilClockReading <= 0 else { return false }
        linesUntilClockReading = Self.linesBetweenClockReadings
        return runBetweenLines != nil && DispatchTime.now() >= nextServiceBetweenLines
    }

    /// The script runner has served the server between two lines: the next time is due after
    /// ``serviceIntervalBetweenLines`` (looked at after ``linesBetweenClockReadings`` more lines).
    func servedBetweenLines() {
        linesUntilClockReading = Self.linesBetweenClockReadings
        nextServiceBetweenLines = DispatchTime.now() + Self.serviceIntervalBetweenLines
    }

    /// Runs the commands from the page that have arrived, one after the other, with
    /// ``runBetweenLines``: the script runner calls it between two of its lines. Returns the
    /// outcome of a command that quits (the rest wait), else nil.
    func runCommandsBetweenLines() async -> CommandOutcome? {
        guard let runBetweenLines, !isRunningCommand else { return nil }
        while !pending.isEmpty {
            let (id, line) = pending.removeFirst()
            isRunningCommand = true
            let outcome = await run(line, id: id, with: runBetweenLines)
            isRunningCommand = false
            if case .quit = outcome { return outcome }
        }
        return nil
    }

    /// Runs command `id`, `line`, with `runner` and answers the server with its outcome and events.
    private func run(_ line: String, id: Int, with runner: CommandRunner) async -> CommandOutcome {
        let first = (feed?.eventCount ?? 0) + 1
        let outcome = await runner(line)
        feed?.flush()
        let name = switch outcome {
        case .succeeded: "succeeded"
        case .failed: "failed"
        case .quit: "quit"
        }
        process?.reply("done \(id) \(first) \(feed?.eventCount ?? 0) \(name)")
        return outcome
    }

    /// `{"seq":N,"focus":"board","reactors":{"board":{…},"write":{…}}}`: the scene's state after event N.
    private func stateJSON() -> String {
        var reactors: [StateField] = []
        for reactor in scene.reactors {
            let value = (try? scene.stateValue(ofReactorNamed: reactor.name)) ?? nil
            reactors.append(StateField(reactor.name, value ?? .null))
        }
        return StateValue.object([
            StateField("seq", .int(feed?.eventCount ?? 0)),
            StateField("focus", scene.focusedName.map { .string($0) } ?? .null),
            StateField("reactors", .object(reactors)),
        ]).jsonText
    }

    private static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }
}

/// Where the live view's server program is: `$REACTOR_SHELL_LIVE`, else `reactor-shell-live`
/// beside the running program (as `swift build` leaves them), else on `PATH`.
enum LiveViewExecutable {
    static func locate(shellName: String) -> Result<String, LiveViewError> {
        let name = "reactor-shell-live"
        if let explicit = getenv("REACTOR_SHELL_LIVE").map({ String(cString: $0) }), !explicit.isEmpty {
            return access(explicit, X_OK) == 0 ? .success(explicit) : .failure(.notFound("REACTOR_SHELL_LIVE=\(explicit) is not an executable"))
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let program = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = program.lastIndex(of: "/") {
                let beside = String(program[...slash]) + name
                if access(beside, X_OK) == 0 { return .success(beside) }
            }
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
            return .success("\(directory)/\(name)")
        }
        return .failure(.notFound("not beside \(shellName), not on PATH, and REACTOR_SHELL_LIVE is not set; build it with `swift build --product \(name)`"))
    }
}
