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

    /// The events go here (buffered; flushed by the feed).
    let events: OutputSink
    private let processID: pid_t
    private let input: Int32
    private let output: Int32
    private var reader: DispatchSourceRead?
    private var partial: [UInt8] = []

    private init(processID: pid_t, input: Int32, output: Int32) {
        self.processID = processID
        self.input = input
        self.output = output
        events = OutputSink(resultDescriptor: input, errorDescriptor: 2)
    }

    /// Starts the server at `executable` for `settings` with `token`; `receive` gets its messages on
    /// the main queue. Nil, with the reason, when it cannot be started.
    static func start(
        executable: String, settings: LiveViewSettings, token: String, receive: @escaping @MainActor (Message) -> Void
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
        var environment = ProcessEnvironment.current().filter { !$0.hasPrefix("REACTOR_SHELL_LIVE_") }
        environment += [
            "REACTOR_SHELL_LIVE_TOKEN=\(token)", "REACTOR_SHELL_LIVE_HOST=\(settings.host)",
            "REACTOR_SHELL_LIVE_PORT=\(settings.port)",
        ]
        var processID: pid_t = 0
        let status = withCStrings([executable]) { argv in
            withCStrings(environment) { envp in posix_spawn(&processID, executable, &actions, nil, argv, envp) }
        }
        close(toServer[0])
        close(fromServer[1])
        guard status == 0 else {
            close(toServer[1]); close(fromServer[0])
            return .failure(.cannotStart("\(executable): \(String(cString: strerror(status)))"))
        }
        let process = LiveViewProcess(processID: processID, input: toServer[1], output: fromServer[0])
        process.listen(receive)
        return .success(process)
    }

    private func listen(_ receive: @escaping @MainActor (Message) -> Void) {
        let source = DispatchSource.makeReadSource(fileDescriptor: output, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                for message in self.readMessages() { receive(message) }
            }
        }
        reader = source
        source.resume()
    }

    private func readMessages() -> [Message] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        guard count > 0 else {
            if count == 0 || errno != EINTR && errno != EAGAIN { reader?.cancel() }
            return []
        }
        partial += chunk[..<count]
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

    /// Writes a control message (`!done …`, `!state …`), after the events written so far.
    func reply(_ message: String) {
        events.writeResult("!" + message)
        events.flush()
    }

    /// Ends the server: closes its input (it exits at the end of it) and reaps it.
    func stop() {
        events.flush()
        reader?.cancel()
        reader = nil
        close(input)
        close(output)
        var status: Int32 = 0
        // It exits as soon as it reads the end of its input; if it is stuck, it is told to.
        for _ in 0..<100 {
            if waitpid(processID, &status, WNOHANG) != 0 { return }
            usleep(10_000)
        }
        kill(processID, SIGTERM)
        waitpid(processID, &status, 0)
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

/// Runs `body` with `strings` as a NULL-terminated C array.
private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
}

/// The process's environment as `NAME=VALUE` strings.
enum ProcessEnvironment {
    static func current() -> [String] {
        var result: [String] = []
        var index = 0
        while let entry = environ[index] {
            result.append(String(cString: entry))
            index += 1
        }
        return result
    }
}
