#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A name and a value, as in an HTTP header or a query item.
public struct LoopbackHTTPField: Sendable, Equatable, CustomStringConvertible {
    /// The name, as sent.
    public var name: String
    /// The value, as sent (headers) or percent-decoded (query items).
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `name: value`.
    public var description: String { "\(name): \(value)" }
}

/// One request as the loopback server received it.
public struct LoopbackHTTPRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The request target exactly as sent, e.g. `/search/repositories?q=c%2B%2B&page=1`.
    public var target: String
    /// The path part of the target, not decoded, e.g. `/search/repositories`.
    public var path: String
    /// The query items, percent-decoded (strictly: `+` stays `+`), in order.
    public var queryItems: [LoopbackHTTPField]
    /// The header fields in the order they were sent.
    public var headers: [LoopbackHTTPField]
    /// The body (`Content-Length` bytes), empty for a `GET`.
    public var body: [UInt8]

    /// The value of the first header named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The decoded value of the first query item named `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Every query item named `name`, decoded, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }
}

/// What the loopback server answers: status, headers, body, and how long to wait before answering.
public struct LoopbackHTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Extra header fields; `Content-Length` and `Connection: close` are always added.
    public var headers: [LoopbackHTTPField]
    /// The body bytes.
    public var body: [UInt8]
    /// How long the server waits before it answers (for timeout tests); `stop()` cuts it short.
    public var delay: Duration

    /// A response with a UTF-8 text body.
    public init(status: Int = 200, headers: [LoopbackHTTPField] = [], body: String = "", delay: Duration = .zero) {
        self.init(status: status, headers: headers, bodyBytes: Array(body.utf8), delay: delay)
    }

    /// A response with a body of raw bytes.
    public init(status: Int = 200, headers: [LoopbackHTTPField] = [], bodyBytes: [UInt8], delay: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = bodyBytes
        self.delay = delay
    }

    /// A JSON response: `Content-Type: application/json; charset=utf-8` and `json` as the body.
    public static func json(_ json: String, status: Int = 200, headers: [LoopbackHTTPField] = [], delay: Duration = .zero) -> Self {
        LoopbackHTTPResponse(
            status: status,
            headers: [LoopbackHTTPField("Content-Type", "application/json; charset=utf-8")] + headers,
            body: json,
            delay: delay
        )
    }

    /// The bytes sent on the wire: status line, headers, `Content-Length`, `Connection: close`, body.
    var serialized: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        for field in headers where !["content-length", "connection"].contains(field.name.lowercased()) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}

extension LoopbackHTTPRequest {
    /// Parses a request head (request line and header lines, without the blank line).
    /// Nil when the request line is not `METHOD TARGET HTTP/x.y`.
    init?(head: [UInt8], body: [UInt8] = []) {
        // Split the bytes, not the String: "\r\n" is one Character in Swift.
        let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            Substring(String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self))
        }
        let requestLine = lines.first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/") else { return nil }
        method = String(requestLine[0])
        target = String(requestLine[1])
        let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(pathAndQuery[0])
        queryItems = pathAndQuery.count > 1 ? Self.decodeQuery(pathAndQuery[1]) : []
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingSpaces
            let value = line[line.index(after: colon)...].trimmingSpaces
            return LoopbackHTTPField(String(name), String(value))
        }
        self.body = body
    }

    /// `Content-Length` of the request, 0 when absent or not a number.
    var declaredBodyLength: Int { header("Content-Length").flatMap { Int($0) } ?? 0 }

    private static func decodeQuery(_ query: Substring) -> [LoopbackHTTPField] {
        query.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return LoopbackHTTPField(percentDecoded(parts[0]), parts.count > 1 ? percentDecoded(parts[1]) : "")
        }
    }

    /// `%XX` becomes the byte XX; anything else, `+` included, stays as it is.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }) else { return "" }
        let end = lastIndex(where: { !isBlank($0) })!
        return self[start...end]
    }
}
