import Foundation
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 for tests: an ephemeral port, one thread per connection,
/// `Connection: close` on every answer.
///
/// It records every request it receives and answers from the handler the test gives. `stop()`
/// (also run on deinit) closes the listening socket and every open connection, cuts any answer
/// delay short, and waits for the server's threads to end, so nothing leaks into the next test.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request in .json(#"{"items":[]}"#) }
/// defer { server.stop() }
/// // … point a client at server.baseURL …
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// Answers one request. Runs on the connection's own thread.
    public typealias Handler = @Sendable (LoopbackHTTPRequest) -> LoopbackHTTPResponse

    /// The port the server listens on, on 127.0.0.1.
    public let port: UInt16
    private let engine: Engine

    /// Starts serving on 127.0.0.1 at a port the system picks; `handler` answers every request.
    public init(handler: @escaping Handler) throws {
        engine = try Engine(handler: handler)
        port = engine.port
        engine.start()
    }

    deinit {
        engine.stop()
    }

    /// `http://127.0.0.1:PORT`, the base URL to give a client.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `127.0.0.1:PORT`, as error messages name the server.
    public var authority: String { "127.0.0.1:\(port)" }

    /// Every request received so far (complete heads only), in arrival order.
    public var requests: [LoopbackHTTPRequest] { engine.recordedRequests }

    /// How many clients hung up while the server was still holding back their answer (see
    /// ``LoopbackHTTPResponse/delay``): a cancelled request shows up here.
    public var abandonedRequestCount: Int { engine.abandonedRequestCount }

    /// Stops serving and waits until the server's threads have ended. Safe to call twice.
    public func stop() {
        engine.stop()
    }

    /// Starts a server for `body`, runs it, and stops the server when `body` returns or throws.
    public static func serving<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ handler: @escaping Handler,
        _ body: (LoopbackHTTPServer) async throws -> Result
    ) async throws -> Result {
        let server = try LoopbackHTTPServer(handler: handler)
        defer { server.stop() }
        return try await body(server)
    }
}

extension LoopbackHTTPServer {
    /// The sockets, threads and records of one server; the threads keep it alive until `stop()`.
    private final class Engine: Sendable {
        private struct State {
            var isStopped = false
            var requests: [LoopbackHTTPRequest] = []
            var openConnections: Set<Int32> = []
            var abandonedRequestCount = 0
        }

        let port: UInt16
        private let listeningSocket: Int32
        private let wakeUpReadEnd: Int32
        private let wakeUpWriteEnd: Int32
        private let handler: Handler
        private let state = Mutex(State())
        private let acceptLoopEnded = DispatchSemaphore(value: 0)
        private let connectionThreads = DispatchGroup()

        /// Longest request head accepted, and how long a connection may stay silent.
        private static let maximumHeadLength = 64 * 1024
        private static let idleSeconds = 10

        init(handler: @escaping Handler) throws {
            let socket = try LoopbackSocket.boundSocket()
            do {
                try LoopbackSocket.startListening(socket)
                port = try LoopbackSocket.localPort(of: socket)
                (wakeUpReadEnd, wakeUpWriteEnd) = try LoopbackSocket.pipe()
            } catch {
                close(socket)
                throw error
            }
            listeningSocket = socket
            self.handler = handler
        }

        var recordedRequests: [LoopbackHTTPRequest] { state.withLock { $0.requests } }

        var abandonedRequestCount: Int { state.withLock { $0.abandonedRequestCount } }

        func start() {
            Thread { self.acceptLoop() }.start()
        }

        func stop() {
            let wasStopped = state.withLock { state in
                defer { state.isStopped = true }
                guard !state.isStopped else { return true }
                // Under the lock: a connection leaves the set before its descriptor is closed.
                for connection in state.openConnections { shutdown(connection, Int32(SHUT_RDWR)) }
                return false
            }
            guard !wasStopped else { return }
            var byte: UInt8 = 1
            _ = write(wakeUpWriteEnd, &byte, 1) // never read: it wakes every poll until closed
            acceptLoopEnded.wait()
            _ = connectionThreads.wait(timeout: .now() + .seconds(5))
            close(wakeUpReadEnd)
            close(wakeUpWriteEnd)
        }

        private var isStopped: Bool { state.withLock { $0.isStopped } }

        private func acceptLoop() {
            defer {
                close(listeningSocket)
                acceptLoopEnded.signal()
            }
            while LoopbackSocket.waitUntilReadable(listeningSocket, orWakeUpFrom: wakeUpReadEnd) == .readable {
                guard let connection = LoopbackSocket.accept(listeningSocket) else {
                    if isStopped { return }
                    continue
                }
                let admitted = state.withLock { state in
                    guard !state.isStopped else { return false }
                    state.openConnections.insert(connection)
                    connectionThreads.enter()
                    return true
                }
                guard admitted else {
                    close(connection)
                    return
                }
                Thread {
                    self.serve(connection)
                    self.state.withLock { _ = $0.openConnections.remove(connection) }
                    close(connection)
                    self.connectionThreads.leave()
                }.start()
            }
        }

        /// Reads one request, records it, and answers it.
        private func serve(_ connection: Int32) {
            LoopbackSocket.setReceiveTimeout(connection, seconds: Self.idleSeconds)
            guard let request = readRequest(connection) else { return }
            state.withLock { $0.requests.append(request) }
            let response = handler(request)
            if response.delay > .zero, !holdBack(for: response.delay, on: connection) { return }
            LoopbackSocket.sendAll(connection, response.serialized)
            shutdown(connection, Int32(SHUT_WR))
        }

        /// Waits `delay` before answering; false when the answer must not be sent because the
        /// server is stopping or the client hung up meanwhile (counted as abandoned).
        private func holdBack(for delay: Duration, on connection: Int32) -> Bool {
            let deadline = ContinuousClock.now + delay
            var watchesConnection = true
            while true {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { return true }
                let (seconds, attoseconds) = remaining.components
                let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
                let watched = watchesConnection ? connection : wakeUpReadEnd
                switch LoopbackSocket.waitUntilReadable(watched, orWakeUpFrom: wakeUpReadEnd, timeoutMilliseconds: milliseconds) {
                case .timedOut:
                    continue
                case .wokenUp:
                    return false
                case .readable where watched == wakeUpReadEnd:
                    return false
                case .readable:
                    if isStopped { return false } // stop() shut the connection down
                    if LoopbackSocket.peerHasClosed(connection) {
                        state.withLock { $0.abandonedRequestCount += 1 }
                        return false
                    }
                    watchesConnection = false // more bytes from the client: ignore them, keep waiting
                }
            }
        }

        /// Reads until the blank line that ends the head, then `Content-Length` bytes of body.
        /// Answers 400 or 431 itself and returns nil when the request is unusable.
        private func readRequest(_ connection: Int32) -> LoopbackHTTPRequest? {
            var received: [UInt8] = []
            var headEnd: Int?
            while headEnd == nil {
                let chunk = LoopbackSocket.receive(connection)
                if chunk.isEmpty { return nil }
                let searchFrom = max(0, received.count - 3)
                received += chunk
                headEnd = Self.blankLine(in: received, from: searchFrom)
                if headEnd == nil && received.count > Self.maximumHeadLength {
                    LoopbackSocket.sendAll(connection, LoopbackHTTPResponse(status: 431, body: "request head too large").serialized)
                    return nil
                }
            }
            let head = Array(received[..<headEnd!])
            guard var request = LoopbackHTTPRequest(head: head) else {
                LoopbackSocket.sendAll(connection, LoopbackHTTPResponse(status: 400, body: "bad request line").serialized)
                return nil
            }
            var body = Array(received[(headEnd! + 4)...])
            while body.count < request.declaredBodyLength {
                let chunk = LoopbackSocket.receive(connection)
                if chunk.isEmpty { break }
                body += chunk
            }
            request.body = Array(body.prefix(request.declaredBodyLength))
            return request
        }

        /// The index of the `\r\n\r\n` that ends a request head, searching from `start`.
        private static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
            let terminator: [UInt8] = [13, 10, 13, 10]
            guard bytes.count >= 4 else { return nil }
            for index in start...(bytes.count - 4) where bytes[index..<(index + 4)].elementsEqual(terminator) {
                return index
            }
            return nil
        }
    }
}
