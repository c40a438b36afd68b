import Foundation
import Testing
@testable import LiveView

/// The server's side of the pipes, driven by a stand-in for the shell: what it asks on one pipe,
/// and what the stand-in writes on the other.
@Suite("The live view's link to the shell")
struct ShellConnectionTests {
    /// Two pipes: the shell's messages to the server, the server's requests to the shell.
    private struct Pipes {
        let toServer: (read: Int32, write: Int32)
        let fromServer: (read: Int32, write: Int32)

        init() {
            var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
            _ = pipe(&a)
            _ = pipe(&b)
            toServer = (a[0], a[1])
            fromServer = (b[0], b[1])
            // Read without blocking a thread of the tasks' pool (see ``serverAsked()``).
            _ = fcntl(b[0], F_SETFL, fcntl(b[0], F_GETFL) | O_NONBLOCK)
        }

        func shellWrites(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(toServer.write, $0.baseAddress, $0.count) }
        }

        /// The next request line the server wrote (waiting for it at most 10 s).
        func serverAsked() async -> String {
            var line: [UInt8] = []
            var byte: UInt8 = 0
            for _ in 0..<10_000 {
                let count = read(fromServer.read, &byte, 1)
                if count == 1 {
                    if byte == 10 { break }
                    line.append(byte)
                } else {
                    try? await Task.sleep(for: .milliseconds(1))
                }
            }
            return String(decoding: line, as: UTF8.self)
        }
    }

    @Test("a command and a state request each get their own answer, events numbered in between")
    func requestsAndAnswers() async throws {
        let pipes = Pipes()
        let log = EventLog()
        let connection = ShellConnection(log: log, output: pipes.fromServer.write)
        let reading = Task { await connection.readMessages(from: pipes.toServer.read) }
        pipes.shellWrites(#"{"event":"scene"}"# + "\n")

        async let result = connection.run("increase\nmore")
        #expect(await pipes.serverAsked() == "command 1 increase more")
        async let state = connection.sceneState()
        #expect(await pipes.serverAsked() == "state 2")
        pipes.shellWrites("{\"event\":\"action\"}\n{\"event\":\"mutation\"}\n!state 2 {\"seq\":3}\n!done 1 2 3 succeeded\n")

        let answer = try #require(await result)
        #expect(answer.outcome == "succeeded")
        #expect(answer.events == 2...3)
        #expect(await state.map { String(decoding: $0, as: UTF8.self) } == #"{"seq":3}"#)
        #expect(log.lastSequenceNumber == 3)

        close(pipes.toServer.write)
        await reading.value
        #expect(await connection.run("increase") == nil)
        #expect(await connection.sceneState() == nil)
    }

    @Test("a request still waiting when the shell ends gets nil")
    func shellEndsFirst() async {
        let pipes = Pipes()
        let connection = ShellConnection(log: EventLog(), output: pipes.fromServer.write)
        let reading = Task { await connection.readMessages(from: pipes.toServer.read) }
        async let result = connection.run("increase")
        #expect(await pipes.serverAsked() == "command 1 increase")
        close(pipes.toServer.write)
        await reading.value
        #expect(await result == nil)
    }
}
