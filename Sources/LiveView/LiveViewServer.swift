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

    /// A server for `host` and `port` (0: any free port) over `shell`'s events in `log`.
    public init(host: String, port: UInt16, token: String, shell: ShellConnection, log: EventLog) throws {
        let address: any SocketAddress = host.contains(":")
            ? try sockaddr_in6.inet6(ip6: host, port: port)
            : try sockaddr_in.inet(ip4: host == "localhost" ? "127.0.0.1" : host, port: port)
        server = HTTPServer(address: address, timeout: 60)
        self.shell = shell
        self.log = log
        self.token = token
    }

    /// Serves until cancelled; `listening` is called with the port once the socket is bound.
    public func run(host: String, listening: @escaping @Sendable (UInt16) async -> Void) async throws {
        await addRoutes(host: host)
        async let serving: Void = server.run()
        try await server.waitUntilListening()
        let port: UInt16
        switch await server.listeningAddress {
        case .ip4(_, let bound), .ip6(_, let bound): port = bound
        default: port = 0
        }
        await routes.update(port: port)
        await listening(port)
        try await serving
    }

    private let routes = RouteTable()

    private func addRoutes(host: String) async {
        await routes.configure(token: token, host: host)
        let routes = routes, log = log, shell = shell
        await server.appendRoute("GET /") { request in
            if let refusal = await routes.refusal(of: request, needsToken: false) { return refusal }
            return HTTPResponse(
                statusCode: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                body: Data(LiveViewPage.html(embeddedEvents: nil).utf8))
        }
        await server.appendRoute("GET /events") { request in
            if let refusal = await routes.refusal(of: request, needsToken: true) { return refusal }
            let lastSeen = request.headers[HTTPHeader("Last-Event-ID")].flatMap { Int($0) }
                ?? request.query.first { $0.name == "after" }.flatMap { Int($0.value) } ?? 0
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
            if let refusal = await routes.refusal(of: request, needsToken: true) { return refusal }
            let line = String(decoding: try await request.bodyData, as: UTF8.self)
            guard let result = await shell.run(line) else {
                return RequestGuard.plain(.serviceUnavailable, "the shell has ended")
            }
            var body = Array("{\"outcome\":\"\(result.outcome)\",\"events\":[".utf8)
            if let range = result.events { body += log.jsonArrayElements(in: range) }
            body += Array("]}".utf8)
            return Self.json(body)
        }
        await server.appendRoute("*") { request in
            if let refusal = await routes.refusal(of: request, needsToken: true) { return refusal }
            return RequestGuard.plain(.notFound, "no such page: \(request.method.rawValue) \(request.path)")
        }
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

    func refusal(of request: HTTPRequest, needsToken: Bool) -> HTTPResponse? {
        guard let guardian else { return RequestGuard.plain(.serviceUnavailable, "starting") }
        return guardian.refusal(of: request, needsToken: needsToken)
    }
}
