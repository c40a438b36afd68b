import FlyingFox
import FlyingSocks
import Foundation

/// Responses after which the server closes the connection, for requests whose body may be left
/// partly unread. FlyingFox reads to its end a body it kept for the route (one with a length of
/// at most 2 MiB) before the next request on the connection, but a longer one, or one sent in
/// chunks, it leaves where the route stopped reading: the rest would be taken for the next
/// request. Such a request must either be read to its end by its route or end the connection.
enum ClosingResponse {
    /// The longest body FlyingFox reads to its end by itself (its `sharedRequestReplaySize`, which
    /// the server is configured with).
    static let bodyReadByTheServer = 2 << 20

    /// Whether part of `request`'s body may be left unread when its route answers without
    /// reading it: a body in chunks, or one longer than ``bodyReadByTheServer``.
    static func mayLeaveBodyUnread(_ request: HTTPRequest) -> Bool {
        guard let length = request.bodySequence.count else { return true }
        return length > bodyReadByTheServer
    }

    /// A response of `status` with `contentType` and `body`, after which the connection closes.
    static func make(_ status: HTTPStatusCode, contentType: String, body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [.contentType: contentType, .cacheControl: "no-store", .connection: "close"],
            body: HTTPBodySequence(from: ClosingBody(bytes: body), count: body.count))
    }
}

/// A response body that ends its connection once sent: after its bytes, the server's next read
/// of it fails, and the server closes the connection (FlyingFox has no other way to say so; a
/// `Connection: close` header on the response alone does not make it close).
private struct ClosingBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let bytes: [UInt8]

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var bytes: [UInt8]?

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard let all = bytes else { throw ConnectionClosed() }
            bytes = nil
            return all
        }
    }

    struct ConnectionClosed: Error {}
}
