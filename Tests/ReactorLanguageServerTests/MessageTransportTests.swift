import Testing
@testable import ReactorLanguageServer
#if canImport(Glibc)
import Glibc
#endif

/// The Content-Length framing over a real pipe.
@Suite struct MessageTransportTests {
    /// Reads what was written to a pipe (closed after `bytes`) through a transport.
    private func messages(after bytes: String) -> [MessageTransport.Incoming] {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        var text = bytes
        text.withUTF8 { _ = write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        var transport = MessageTransport(input: ends[0], output: -1)
        var result: [MessageTransport.Incoming] = []
        while true {
            let next = transport.read()
            result.append(next)
            if next == .end { return result }
        }
    }

    @Test func messagesArriveWholeAndInOrder() {
        let first = #"{"id":1}"#, second = #"{"é":"ü"}"#
        let input = "Content-Length: \(first.utf8.count)\r\n\r\n\(first)"
            + "Content-Length: \(second.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(second)"
        #expect(messages(after: input) == [.message(Array(first.utf8)), .message(Array(second.utf8)), .end])
    }

    @Test func headerNamesAreCaseInsensitive() {
        #expect(messages(after: "content-length:  2\r\n\r\n{}") == [.message(Array("{}".utf8)), .end])
    }

    @Test func aBadHeaderIsReportedAndTheNextMessageStillRead() {
        let input = "Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n[]" + "Content-Length: abc\r\n\r\n"
        #expect(messages(after: input) == [
            .badHeader("header without Content-Length"), .message(Array("[]".utf8)),
            .badHeader("Content-Length is not a number: 'abc'"), .end,
        ])
    }

    @Test func aMessageCutShortEndsTheInput() {
        #expect(messages(after: "Content-Length: 10\r\n\r\n{}") == [.end])
        #expect(messages(after: "Content-Length: 10\r\n") == [.end])
    }
}
