#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A port on 127.0.0.1 where nothing listens, for connection-refused tests.
///
/// The port stays bound (but never listens) while this object lives, so no other test can
/// start a server on it in the meantime; every connection to it is refused.
public final class ReservedLoopbackPort: Sendable {
    /// The reserved port.
    public let port: UInt16
    private let socket: Int32

    /// Binds a free port on 127.0.0.1 without listening on it.
    public init() throws {
        socket = try LoopbackSocket.boundSocket()
        do {
            port = try LoopbackSocket.localPort(of: socket)
        } catch {
            close(socket)
            throw error
        }
    }

    deinit {
        close(socket)
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `127.0.0.1:PORT`, as error messages name it.
    public var authority: String { "127.0.0.1:\(port)" }
}
