import Foundation

/// The server's side of its link to the shell that started it: the shell writes to the server's
/// standard input, the server writes to its standard output. One message a line:
///
/// shell → server
/// - `{…}` an event (a `--format json` object); the n-th one has `seq` n;
/// - `!done ID FIRST LAST OUTCOME` command ID ran and wrote events FIRST…LAST (none when
///   LAST < FIRST); OUTCOME is `succeeded`, `failed` or `quit`;
/// - `!state ID JSON` the whole scene's state, for request ID.
///
/// server → shell
/// - `listening PORT` the server is up;
/// - `failed MESSAGE` it could not start;
/// - `command ID LINE` run LINE as if typed;
/// - `state ID` send the scene's state.
///
/// End of input (the shell ended or stopped the view) ends the server.
public actor ShellConnection {
    /// What a command led to: its outcome and the numbers of the events it wrote.
    public struct CommandResult: Sendable {
        /// `succeeded`, `failed` or `quit`.
        public var outcome: String
        /// The events it wrote (empty when none).
        public var events: ClosedRange<Int>?
    }

    private let log: EventLog
    private let output: Int32
    private var nextRequest = 1
    /// The requests sent and not answered yet, by number: each waits for the rest of its
    /// answer's line (after `!KIND ID `), or nil if the shell ends first.
    private var requests: [Int: CheckedContinuation<Substring?, Never>] = [:]
    private var ended = false

    /// Whether the shell has ended (its messages have ended: ``readMessages(from:)`` has returned).
    public var hasEnded: Bool { ended }

    /// A link that appends the shell's events to `log` and writes requests to `output`.
    public init(log: EventLog, output: Int32 = 1) {
        self.log = log
        self.output = output
    }

    /// Tells the shell the server is up on `port`.
    public func announce(port: UInt16) { send("listening \(port)") }

    /// Tells the shell the server could not start, and why.
    public func announceFailure(_ message: String) { send("failed \(message)") }

    /// Asks the shell to run `line` as if typed; nil when the shell has gone.
    public func run(_ line: String) async -> CommandResult? {
        guard let answer = await request("command", line) else { return nil }
        let fields = answer.split(separator: " ")
        guard fields.count == 3, let first = Int(fields[0]), let last = Int(fields[1]) else { return nil }
        return CommandResult(outcome: String(fields[2]), events: first <= last ? first...last : nil)
    }

    /// The whole scene's state as JSON, from the shell; nil when the shell has gone.
    public func sceneState() async -> [UInt8]? {
        await request("state", nil).map { Array($0.utf8) }
    }

    /// Sends request `kind` (with `argument`, if any) under a new number and waits for the
    /// shell's answer to that number: the one way every request goes.
    private func request(_ kind: String, _ argument: String?) async -> Substring? {
        guard !ended else { return nil }
        let id = nextRequest
        nextRequest += 1
        return await withCheckedContinuation { continuation in
            requests[id] = continuation
            send(argument.map { "\(kind) \(id) \($0)" } ?? "\(kind) \(id)")
        }
    }

    /// Reads the shell's messages from `input` until it ends (on a thread of its own: the reads
    /// block), then returns. The events go into the log as they are read, on that thread; an
    /// answer (`!…`) is read here once the events before it are in the log.
    public func readMessages(from input: Int32 = 0) async {
        let log = log
        let answers = AsyncStream<String> { continuation in
            let reader = LineChunkReader(descriptor: input) { lines in
                for message in log.append(lines: lines) { continuation.yield(message) }
            }
            // Its own thread: the reads block.
            Thread {
                reader.run()
                continuation.finish()
            }.start()
        }
        for await message in answers { answer(message) }
        shellEnded()
    }

    /// `done ID FIRST LAST OUTCOME` or `state ID JSON`: the answer to request ID.
    private func answer(_ message: String) {
        let parts = message.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let id = Int(parts[1]) else { return }
        requests.removeValue(forKey: id)?.resume(returning: parts[2])
    }

    private func shellEnded() {
        ended = true
        for waiter in requests.values { waiter.resume(returning: nil) }
        requests = [:]
    }

    /// How much one write takes at most (a pipe's default room): each write copies its piece out
    /// of the message, so a big message is copied once in all, however the writes split it (a
    /// copy of the whole rest at each write was quadratic in its length).
    static let writeSize = 1 << 16

    private func send(_ message: String) {
        var bytes = Array(message.utf8)
        // A line a message: a line break inside one (a pasted command) would start another.
        bytes = bytes.map { $0 == 10 || $0 == 13 ? 32 : $0 }
        bytes.append(10)
        var offset = 0
        while offset < bytes.count {
            let piece = Array(bytes[offset..<min(offset + Self.writeSize, bytes.count)])
            let written = write(output, piece, piece.count)
            if written < 0 {
                if errno == EINTR { continue }
                // A non-blocking output that is full: wait until the shell has read some.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                    continue
                }
                return  // the shell has gone; its end of input will end the server
            }
            offset += written
        }
    }
}
