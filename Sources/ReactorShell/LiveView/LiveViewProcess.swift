import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live view's server, a process of its own (`reactor-shell-live`, built from the `LiveView`
/// target) so that the shell links no HTTP server: started on `--serve` or `:serve`, fed the
/// session's events through a pipe to its standard input, and asked to run commands and send
/// the state through its standard output (the messages are listed in LiveView's
/// `ShellConnection`). Closing its input ends it.
@MainActor
final class LiveViewProcess {
    /// A message from the server.
    enum Message {
        case listening(port: Int)
        case failed(String)
        case command(id: Int, line: String)
        case state(id: Int)
    }

    /// Everything sent to the server goes through here, in order: the events, the answers.
    let events: LiveFeedWriter
    private let processID: pid_t
    private let input: Int32
    private let output: Int32
    private var reader: DispatchSourceRead?
    private var partial: [UInt8] = []
    /// Gets the server's messages (on the main queue, or where ``receiveMessages(waitingAtMost:orUntilReadable:)`` is called).
    private var receive: (@MainActor (Message) -> Void)?
    /// Whether the server's output has ended (it exited or closed it).
    private(set) var hasEnded = false

    /// The size asked for the events' pipe (the largest an unprivileged process may ask for).
    static let eventPipeSize: Int32 = 1 << 20
    /// Linux's `F_SETPIPE_SZ` (`<fcntl.h>` declares it for `_GNU_SOURCE` only, which Swift's
    /// import of it leaves out).
    private static let setPipeSize: Int32 = 1031

    private init(processID: pid_t, input: Int32, output: Int32) {
        self.processID = processID
        self.input = input
        self.output = output
        events = LiveFeedWriter(descriptor: input)
    }

    /// Starts the server at `executable` for `settings` with `token`, taking commands of at most
    /// `commandLimit` bytes (`--max-line-length`: it refuses longer ones itself), to be sent the
    /// session's `catchUp` events so far first; `receive` gets its messages on the main queue.
    /// Nil, with the reason, when it cannot be started.
    static func start(
        executable: String, settings: LiveViewSettings, token: String, commandLimit: Int, catchUp: Int,
        receive: @escaping @MainActor (Message) -> Void
    ) -> Result<LiveViewProcess, LiveViewError> {
        var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
        guard pipe(&toServer) == 0 else { return .failure(.cannotStart("pipe: \(String(cString: strerror(errno)))")) }
        guard pipe(&fromServer) == 0 else {
            close(toServer[0]); close(toServer[1])
            return .failure(.cannotStart("pipe: \(String(cString: strerror(errno)))"))
        }
        // The shell's ends stay out of the server (and of any other process the shell starts).
        _ = fcntl(toServer[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromServer[0], F_SETFD, FD_CLOEXEC)
        // Its messages are read by the read source and between a run's lines, whichever comes
        // first: the later one finds nothing and must not wait.
        _ = fcntl(fromServer[0], F_SETFL, fcntl(fromServer[0], F_GETFL) | O_NONBLOCK)
        // Room for a mebibyte of events (Linux; the default is 64 KiB): a batch run writes a few
        // hundred bytes a line, and a pipe that fills makes it wait for the server's next read.
        #if os(Linux)
        _ = fcntl(toServer[1], Self.setPipeSize, Self.eventPipeSize)
        #endif
        var environment = POSIXIO.processEnvironment().filter { !$0.key.hasPrefix("REACTOR_SHELL_LIVE_") }
        environment["REACTOR_SHELL_LIVE_TOKEN"] = token
        environment["REACTOR_SHELL_LIVE_HOST"] = settings.host
        environment["REACTOR_SHELL_LIVE_PORT"] = "\(settings.port)"
        environment["REACTOR_SHELL_LIVE_MAX_LINE_LENGTH"] = "\(commandLimit)"
        environment["REACTOR_SHELL_LIVE_CATCH_UP"] = "\(catchUp)"
        let spawned = ChildProcess.spawn(
            executable, arguments: [], environment: environment, input: toServer[0], output: fromServer[1])
        close(toServer[0])
        close(fromServer[1])
        let processID: pid_t
        switch spawned {
        case .success(let started): processID = started
        case .failure(let error):
            close(toServer[1]); close(fromServer[0])
            return .failure(.cannotStart("\(executable): \(error)"))
        }
        let process = LiveViewProcess(processID: processID, input: toServer[1], output: fromServer[0])
        process.listen(receive)
        return .success(process)
    }

    private func listen(_ receive: @escaping @MainActor (Message) -> Void) {
        self.receive = receive
        let source = DispatchSource.makeReadSource(fileDescriptor: output, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.receiveAvailableMessages() }
        }
        reader = source
        source.resume()
    }

    /// Hands the server's messages that have come to `receive`, without waiting for the main
    /// queue to run the read source: a batch run that never suspends never lets it run (its
    /// lines run on the main thread, as without `--serve`, and its caller reads them between
    /// lines). When none has come, waits for one at most `milliseconds`, or until `input`, if
    /// given, can be read. Returns whether `input` can be read.
    @discardableResult
    func receiveMessages(waitingAtMost milliseconds: Int32, orUntilReadable input: Int32? = nil) -> Bool {
        var descriptors = [pollfd(fd: hasEnded ? -1 : output, events: Int16(POLLIN), revents: 0)]
        if let input { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return false }
        if descriptors[0].revents != 0 { receiveAvailableMessages() }
        return input != nil && descriptors[1].revents != 0
    }

    private func receiveAvailableMessages() {
        guard let receive else { return }
        for message in readMessages() { receive(message) }
    }

    private func readMessages() -> [Message] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(output, &chunk, chunk.count)
        guard count > 0 else {
            if count == 0 || errno != EINTR && errno != EAGAIN {
                hasEnded = true
                reader?.cancel()
            }
            return []
        }
        // Only the bytes just read can end a message: a long one (a big command) is not scanned
        // again from its start at every read, which made reading it quadratic in its length.
        let scanned = partial.count
        partial += chunk[..<count]
        guard partial[scanned...].contains(10) else { return [] }
        var messages: [Message] = []
        while let end = partial.firstIndex(of: 10) {
            let line = String(decoding: partial[..<end], as: UTF8.self)
            partial.removeSubrange(...end)
            if let message = Self.parse(line) { messages.append(message) }
        }
        return messages
    }

    private static func parse(_ line: String) -> Message? {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        switch parts.first {
        case "listening": return parts.count > 1 ? Int(parts[1]).map { .listening(port: $0) } : nil
        case "failed": return .failed(String(line.dropFirst("failed ".count)))
        case "command":
            guard parts.count == 3, let id = Int(parts[1]) else { return nil }
            return .command(id: id, line: String(parts[2]))
        case "state": return parts.count > 1 ? Int(parts[1]).map { .state(id: $0) } : nil
        default: return nil
        }
    }

    /// Sends a control message (`!done …`, `!state …`), after the events handed over so far.
    func reply(_ message: String) {
        events.write(lines: ["!" + message])
    }

    /// Ends the server: waits until everything handed to ``events`` is in the pipe, closes its
    /// input and waits for it to close its output, which it does once its port is free, just
    /// before it exits. Its exit is not waited for: the kernel's taking back of its memory (a long
    /// run's event log) takes milliseconds, and a batch run's own exit would wait for it; it is
    /// reaped in the background.
    func stop() {
        events.finish()
        reader?.cancel()
        reader = nil
        receive = nil
        hasEnded = true
        close(input)
        let closedItsOutput = waitForEndOfOutput(milliseconds: 1000)
        close(output)
        var status: Int32 = 0
        guard closedItsOutput else {
            // Stuck after a second: it is told to end.
            kill(processID, SIGTERM)
            waitpid(processID, &status, 0)
            return
        }
        if waitpid(processID, &status, WNOHANG) != 0 { return }
        let processID = processID
        DispatchQueue.global(qos: .utility).async {
            var status: Int32 = 0
            while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Reads and drops what the server still writes until its output ends; false when it has
    /// not ended after `milliseconds`.
    private func waitForEndOfOutput(milliseconds: Int) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count == 0 { return true }
            if count > 0 || errno == EINTR { continue }
            guard errno == EAGAIN else { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32((deadline - now) / 1_000_000) + 1)
        }
    }
}

/// Why the live view could not start.
enum LiveViewError: Error, CustomStringConvertible {
    case notFound(String)
    case cannotStart(String)

    var description: String {
        switch self {
        case .notFound(let detail): "the live view's server (reactor-shell-live) was not found: \(detail)"
        case .cannotStart(let detail): "cannot start the live view's server: \(detail)"
        }
    }
}
