import FlyingFox
import FlyingSocks
import Foundation

/// The answers to `POST /command` not yet written whole. A command can end the shell (`:exit`),
/// whose end of input then ends the server: the server waits for these answers first, so that
/// the page that sent the command gets its answer.
actor AnswersInFlight {
    /// How many commands have been taken and their answers not written whole.
    private(set) var count = 0

    /// A command was taken: its answer is to come.
    func begin() { count += 1 }

    /// A command's answer has been written whole (or will not be: the shell ended first).
    func end() { count -= 1 }

    /// Waits until every answer taken has been written, at most `limit` (a client that stopped
    /// reading its answer does not hold the server up for longer).
    func waitUntilWritten(atMost limit: Duration) async {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while count > 0 && clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// `bytes`, a command's answer, as a response body that ends the answer's count once the
    /// socket has taken its last byte (the server asks a body for more after writing what it got).
    nonisolated func body(_ bytes: Data) -> HTTPBodySequence {
        HTTPBodySequence(from: AnswerBody(bytes: bytes, answers: self), count: bytes.count)
    }
}

/// A command's answer as a body: its bytes in one piece, then, asked for more, the end, told to
/// its ``AnswersInFlight``.
private struct AnswerBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let bytes: Data
    let answers: AnswersInFlight

    func makeAsyncIterator() -> Iterator { Iterator(rest: bytes, answers: answers) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var rest: Data
        let answers: AnswersInFlight
        var ended = false

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            guard rest.isEmpty else {
                let piece = rest.prefix(Swift.max(count, 1))
                rest = rest.dropFirst(piece.count)
                return piece
            }
            if !ended {
                ended = true
                await answers.end()
            }
            return nil
        }
    }
}
