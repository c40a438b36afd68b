import FlyingFox
import Foundation

/// Who may ask what: every request but the page itself carries the token (`Authorization:
/// Bearer T` or `?token=T`, else 401); a request from another site's page (`Origin`) or for a
/// host name that is not this server's (DNS rebinding) is refused with 403.
struct RequestGuard: Sendable {
    /// The secret the shell printed in the page's address.
    let token: String
    /// The `host:port` names this server answers to; nil when it listens on every interface
    /// (then any name that reaches it will do).
    let hosts: Set<String>?

    /// Names for a server listening on `host` (an IP address) and `port`: the loopback names,
    /// and `host` itself.
    init(token: String, host: String, port: UInt16) {
        self.token = token
        if host == "0.0.0.0" || host == "::" {
            hosts = nil
        } else {
            var names: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
            names.insert(host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)")
            hosts = names
        }
    }

    /// The response refusing `request`, or nil when it may go on (`needsToken`: every route but
    /// `GET /`); with `closing`, a refusal ends the connection (see ``ClosingResponse``).
    func refusal(of request: HTTPRequest, needsToken: Bool, closing: Bool = false) -> HTTPResponse? {
        let host = request.headers[.host]?.lowercased() ?? ""
        if let hosts, !hosts.contains(host) {
            return Self.plain(.forbidden, "unknown host '\(host)'", closing: closing)
        }
        // The page's own requests come from http://HOST; another site's page says its own name.
        if let origin = request.headers[HTTPHeader("Origin")], origin.lowercased() != "http://" + host {
            return Self.plain(.forbidden, "requests from '\(origin)' are not allowed", closing: closing)
        }
        if needsToken && !carriesToken(request) {
            return Self.plain(.unauthorized, "missing or wrong token (Authorization: Bearer TOKEN, or ?token=TOKEN)", closing: closing)
        }
        return nil
    }

    private func carriesToken(_ request: HTTPRequest) -> Bool {
        if let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") {
            return Self.same(String(authorization.dropFirst(7)), token)
        }
        if let value = request.query.first(where: { $0.name == "token" })?.value {
            return Self.same(value, token)
        }
        return false
    }

    /// Compares without stopping at the first difference.
    private static func same(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// A short plain-text response; with `closing`, one that ends the connection.
    static func plain(_ status: HTTPStatusCode, _ message: String, closing: Bool = false) -> HTTPResponse {
        let text = Array((message + "\n").utf8)
        if closing { return ClosingResponse.make(status, contentType: "text/plain; charset=utf-8", body: text) }
        return HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(text))
    }
}
