#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A failed socket call of the loopback test server, with the call's name and `errno`.
public struct LoopbackSocketError: Error, CustomStringConvertible {
    /// The system call that failed, e.g. `bind`.
    public let operation: String
    /// `errno` after the call.
    public let code: Int32

    /// `bind failed: Address already in use (errno 98)`.
    public var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
}

/// Thin wrappers over the POSIX socket calls the loopback server needs, for 127.0.0.1 only.
/// Every descriptor is close-on-exec, so child processes started by tests do not inherit it.
enum LoopbackSocket {
    /// A TCP socket bound to 127.0.0.1:`port` (0 picks a free port), not yet listening.
    static func boundSocket(port: UInt16 = 0) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        #endif
        guard fd >= 0 else { throw LoopbackSocketError(operation: "socket", code: errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian // 127.0.0.1
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw LoopbackSocketError(operation: "bind", code: code)
        }
        return fd
    }

    /// The local port of a bound socket.
    static func localPort(of fd: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw LoopbackSocketError(operation: "getsockname", code: errno) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Starts listening on a bound socket.
    static func startListening(_ fd: Int32) throws {
        #if canImport(Glibc)
        let result = Glibc.listen(fd, 64)
        #else
        let result = Darwin.listen(fd, 64)
        #endif
        guard result == 0 else { throw LoopbackSocketError(operation: "listen", code: errno) }
    }

    /// Accepts one connection (close-on-exec, no SIGPIPE); nil when the call fails.
    static func accept(_ fd: Int32) -> Int32? {
        #if canImport(Glibc)
        let connection = Glibc.accept(fd, nil, nil)
        #else
        let connection = Darwin.accept(fd, nil, nil)
        #endif
        guard connection >= 0 else { return nil }
        // Glibc's module does not export accept4: set close-on-exec right after accepting.
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    /// Makes `recv` on `fd` give up after `seconds` without data.
    static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads what has arrived (up to `capacity` bytes); empty at end of stream or on error.
    static func receive(_ fd: Int32, capacity: Int = 16 * 1024) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, capacity, 0) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Array(buffer[..<count]) : []
        }
    }

    /// Writes all of `bytes`; false when the peer went away first. Never raises SIGPIPE.
    @discardableResult
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0 // SO_NOSIGPIPE is set on accepted sockets
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// A pipe whose two ends are close-on-exec: `(read end, write end)`.
    static func pipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let result = Glibc.pipe(&ends)
        #else
        let result = Darwin.pipe(&ends)
        #endif
        if result == 0 { ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) } }
        guard result == 0 else { throw LoopbackSocketError(operation: "pipe", code: errno) }
        return (ends[0], ends[1])
    }

    /// What ended a wait in ``waitUntilReadable(_:orWakeUpFrom:timeoutMilliseconds:)``.
    enum WaitOutcome {
        /// `fd` has data, or its peer closed it.
        case readable
        /// `wakeFD` became readable: the server is stopping.
        case wokenUp
        /// The time ran out first.
        case timedOut
    }

    /// Blocks until `fd` is readable, `wakeFD` is (the stop signal), or `timeoutMilliseconds`
    /// pass (-1: no limit).
    static func waitUntilReadable(_ fd: Int32, orWakeUpFrom wakeFD: Int32, timeoutMilliseconds: Int32 = -1) -> WaitOutcome {
        var watched = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)]
        while true {
            let result = poll(&watched, nfds_t(watched.count), timeoutMilliseconds)
            if result < 0 && errno == EINTR { continue }
            if result == 0 { return .timedOut }
            if result < 0 || watched[1].revents != 0 { return .wokenUp }
            return .readable
        }
    }

    /// Whether the peer has closed `fd` (its next read would be the end of the stream).
    static func peerHasClosed(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }
}
