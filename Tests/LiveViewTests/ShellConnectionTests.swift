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

        /// The next request line the server wrote, read slowly, a few KiB a millisecond, so that
        /// the pipe fills (giving up after 5 s without a byte).
        func serverAskedSlowly() async -> String {
            var line: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            var idle = 0
            while idle < 5000, line.last != 10 {
                let count = read(fromServer.read, &chunk, chunk.count)
                if count > 0 {
                    line += chunk[..<count]
                    idle = 0
                } else {
                    idle += 1
                }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return String(decoding: line.dropLast(line.last == 10 ? 1 : 0), as: UTF8.self)
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

    @Test("a message far bigger than the pipe reaches the shell whole and in order, the pipe non-blocking and read slowly")
    func bigMessageThroughASlowPipe() async throws {
        let pipes = Pipes()
        // Full, a non-blocking pipe refuses a write (EAGAIN): the rest of the message was dropped.
        _ = fcntl(pipes.fromServer.write, F_SETFL, fcntl(pipes.fromServer.write, F_GETFL) | O_NONBLOCK)
        let connection = ShellConnection(log: EventLog(), output: pipes.fromServer.write)
        let reading = Task { await connection.readMessages(from: pipes.toServer.read) }
        let line = (0..<150_000).map(String.init).joined(separator: ",")  // about 1 MB, numbered in order
        async let result = connection.run(line)
        let asked = await pipes.serverAskedSlowly()
        #expect(asked.utf8.count == "command 1 ".utf8.count + line.utf8.count)
        let whole = asked == "command 1 " + line  // (compared aside: a failure would print a megabyte)
        #expect(whole)
        pipes.shellWrites("!done 1 1 0 succeeded\n")
        #expect(await result?.outcome == "succeeded")
        close(pipes.toServer.write)
        await reading.value
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
