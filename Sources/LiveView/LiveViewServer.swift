import FlyingFox
import FlyingSocks
import Foundation
import LiveViewPage

/// The live view's HTTP server (SPEC §10): the page, the session's events as Server-Sent
/// Events, the scene's state, and commands run by the shell as if typed. It knows the session
/// only through its ``ShellConnection``.
public final class LiveViewServer: Sendable {
    private let server: HTTPServer
    private let shell: ShellConnection
    private let log: EventLog
    private let token: String
    private let commandLimit: Int
    private let catchUp: Int

    /// A server for `host` and `port` (0: any free port) over `shell`'s events in `log`, taking
    /// commands of at most `commandLimit` bytes (the shell's `--max-line-length`); `catchUp` is
    /// the number of events the shell had when it started this server, which it writes first.
    /// Throws ``ListenError/notAnAddress`` when `host` is neither an IPv4 or IPv6 address nor `localhost`.
    public init(
        host: String, port: UInt16, token: String, commandLimit: Int, catchUp: Int = 0,
        shell: ShellConnection, log: EventLog
    ) throws {
        let address: any SocketAddress
        do {
            address = host.contains(":")
                ? try sockaddr_in6.inet6(ip6: host, port: port)
                : try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
        } catch {
            throw ListenError.notAnAddress
        }
        // No logging: FlyingFox's default logger prints to standard output, the shell's link, where
        // its lines, flushed in blocks, cut the server's messages in two.
        server = HTTPServer(config: HTTPServer.Configuration(
            address: address, timeout: 60, sharedRequestReplaySize: ClosingResponse.bodyReadByTheServer,
            logger: .disabled))
        self.shell = shell
        self.log = log
        self.token = token
        self.commandLimit = commandLimit
        self.catchUp = catchUp
    }

    /// Serves until cancelled; `listening` is called with the port once the socket is bound.
    /// Throws ``ListenError`` when the socket cannot be bound (a port in use, say) as soon as
    /// that is known.
    public func run(host: String, listening: @escaping @Sendable (UInt16) async -> Void) async throws {
        await addRoutes(host: host)
        let server = server, routes = routes
        do {
            // Serving and waiting for the socket side by side: when binding fails, `run()` throws
            // at once, which ends the wait too (alone, the wait would only time out).
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.run() }
                group.addTask {
                    try await server.waitUntilListening(timeout: 60)
                    let port: UInt16
                    switch await server.listeningAddress {
                    case .ip4(_, let bound), .ip6(_, let bound): port = bound
                    default: port = 0
                    }
                    await routes.update(port: port)
                    await listening(port)
                }
                while try await group.next() != nil {}
            }
        } catch let error as SocketError {
            throw ListenError(error)
        }
    }

    /// Closes the listening socket and returns once it is closed: the port is free then. The
    /// connections open are not waited for (an event stream never ends): they end with the process.
    public func stopListening() async {
        let server = server
        // `stop` closes the socket at once, then waits for the connections, which never end.
        Task { await server.stop(timeout: 0) }
        while await server.isListening { await Task.yield() }
    }

    private let routes = RouteTable()
    private let answers = AnswersInFlight()

    /// Waits until the answers to the commands taken so far have been written (at most a second):
    /// once the shell has ended, before the server stops, so that a command that ended the shell
    /// (`:exit` from the page) gets its answer.
    public func waitForAnswers() async {
        await answers.waitUntilWritten(atMost: .seconds(1))
    }

    private func addRoutes(host: String) async {
        await routes.configure(token: token, host: host)
        let routes = routes, log = log, shell = shell, commandLimit = commandLimit, catchUp = catchUp
        let answers = answers
        await server.appendRoute("GET /") { request in
            if let refusal = await routes.refusal(of: request, needsToken: false) { return refusal }
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: Data(LiveViewPage.html(embeddedEvents: nil).utf8))
        }
        await server.appendRoute("GET /events") { request in
            if let refusal = await routes.refusal(of: request, needsToken: true) { return refusal }
            let asked = request.headers[HTTPHeader("Last-Event-ID")].flatMap { Int($0) }
                ?? request.query.first { $0.name == "after" }.flatMap { Int($0.value) } ?? 0
            let lastSeen = Self.streamStart(asked: asked, catchUp: catchUp, last: log.lastSequenceNumber)
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: HTTPBodySequence(from: EventStreamBody(log: log, after: lastSeen)))
        }
        await server.appendRoute("GET /state") { request in
            if let refusal = await routes.refusal(of: request, needsToken: true) { return refusal }
            guard let state = await shell.sceneState() else {
                return RequestGuard.plain(.serviceUnavailable, "the shell has ended")
            }
            return Self.json(state)
        }
        await server.appendRoute("POST /command") { request in
            if let refusal = await routes.refusal(of: request, needsToken: true, readsBody: true) { return refusal }
            let line: String
            switch try await CommandBody.read(request, limit: commandLimit) {
            case .line(let read): line = read
            case .refused(let refusal): return refusal
            }
            // Counted before the shell is asked: its answer may end the shell, and with it the
            // server, which waits for the answers counted (``waitForAnswers()``).
            await answers.begin()
            guard let result = await shell.run(line) else {
                await answers.end()
                return RequestGuard.plain(.serviceUnavailable, "the shell has ended")
            }
            var body = Array("{\"outcome\":\"\(result.outcome)\",\"events\":[".utf8)
            if let range = result.events { body += log.jsonArrayElements(in: range) }
            body += Array("]}".utf8)
            return HTTPResponse(
                statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: answers.body(Data(body)))
        }
        await server.appendRoute("*") { request in
            if let refusal = await routes.refusal(of: request, needsToken: true) { return refusal }
            return RequestGuard.plain(.notFound, "no such page: \(request.method.rawValue) \(request.path)")
        }
    }

    /// Where a stream asked to start after event `asked` starts: there, when the session has or
    /// will have that event (it is in the log, `last`, or among the `catchUp` events the shell
    /// writes first, which a restarted server may not have read yet); else from the first event:
    /// the number is not of this session (made up, or from another one), and a client that sees
    /// `seq` start again at 1 knows it has a new stream, missing none of it.
    static func streamStart(asked: Int, catchUp: Int, last: Int) -> Int {
        asked > max(catchUp, last) ? 0 : asked
    }

    private static func json(_ bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: Data(bytes))
    }
}

/// The request guard, made once the port is known (port 0 picks one when bound).
private actor RouteTable {
    private var token = ""
    private var host = "127.0.0.1"
    private var guardian: RequestGuard?

    func configure(token: String, host: String) {
        self.token = token
        self.host = host
    }

    func update(port: UInt16) {
        guardian = RequestGuard(token: token, host: host, port: port)
    }

    /// The response refusing `request`, or nil when its route may answer it. A route that does
    /// not read bodies (`readsBody` false) refuses one that the server may leave partly unread;
    /// any refusal of such a request ends the connection (see ``ClosingResponse``).
    func refusal(of request: HTTPRequest, needsToken: Bool, readsBody: Bool = false) -> HTTPResponse? {
        let closing = ClosingResponse.mayLeaveBodyUnread(request)
        if closing && !readsBody {
            return RequestGuard.plain(
                .payloadTooLarge, "\(request.method.rawValue) \(request.path) takes no request body", closing: true)
        }
        guard let guardian else { return RequestGuard.plain(.serviceUnavailable, "starting", closing: closing) }
        return guardian.refusal(of: request, needsToken: needsToken, closing: closing)
    }
}

/// Why the server cannot listen, in words for the shell's error message.
public enum ListenError: Error, CustomStringConvertible {
    /// The host is not an address (names other than `localhost` are not looked up).
    case notAnAddress
    /// The system refused the socket: `reason` is its error text (`Address already in use`).
    case refused(reason: String)

    init(_ error: SocketError) {
        switch error {
        case .failed(_, _, let message): self = .refused(reason: message)
        default: self = .refused(reason: "\(error)")
        }
    }

    /// The reason, as the shell prints it after `cannot listen on HOST:PORT: `.
    public var description: String {
        switch self {
        case .notAnAddress: "not an IPv4 or IPv6 address (use 127.0.0.1, 0.0.0.0, ::1 or localhost)"
        case .refused(let reason): reason
        }
    }
}
