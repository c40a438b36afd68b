import FlyingFox
import FlyingSocks
import Foundation

/// The body of a `POST /command`: one line of the language in UTF-8, at most `limit` bytes (the
/// shell's `--max-line-length`), with or without a line ending at its end. Anything else is
/// refused at the door with a JSON `{"error": …}` saying what is wrong, and the shell never sees it.
enum CommandBody {
    /// What reading a body gave: the line to run, or the response refusing it.
    enum Reading {
        case line(String)
        case refused(HTTPResponse)
    }

    /// Reads `request`'s body, keeping at most `limit` bytes and a line ending: a body declared
    /// longer is refused before a byte of it is read, one sent in chunks as soon as it goes past.
    static func read(_ request: HTTPRequest, limit: Int) async throws -> Reading {
        let room = limit + 2  // the line and a CR LF
        if let declared = request.bodySequence.count, declared > room { return .refused(tooLong(limit)) }
        var bytes: [UInt8] = []
        for try await chunk in request.bodySequence {
            bytes += chunk
            if bytes.count > room { return .refused(tooLong(limit)) }
        }
        if bytes.last == 10 {
            bytes.removeLast()
            if bytes.last == 13 { bytes.removeLast() }
        }
        if bytes.count > limit { return .refused(tooLong(limit)) }
        if let lineBreak = bytes.firstIndex(where: { $0 == 10 || $0 == 13 }) {
            return .refused(refusal(
                .badRequest, "the command must be one line of the language: a line break at byte \(lineBreak + 1)"))
        }
        if let invalid = firstInvalidUTF8Offset(bytes) {
            return .refused(refusal(.badRequest, "the command is not UTF-8: an invalid byte at byte \(invalid + 1)"))
        }
        return .line(String(decoding: bytes, as: UTF8.self))
    }

    /// The offset of the first byte of `bytes` that is not part of valid UTF-8, or nil.
    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private static func tooLong(_ limit: Int) -> HTTPResponse {
        refusal(.payloadTooLarge, "the command is longer than \(limit) bytes (the limit; see --max-line-length)", limit: limit)
    }

    /// A JSON error, after which the connection closes: the rest of a body left unread must not
    /// be taken for the next request (nor read, to skip it).
    private static func refusal(_ status: HTTPStatusCode, _ message: String, limit: Int? = nil) -> HTTPResponse {
        var fields: [String: Any] = ["error": message]
        if let limit { fields["limit"] = limit }
        let json = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return ClosingResponse.make(status, contentType: "application/json", body: Array(json) + [10])
    }
}
