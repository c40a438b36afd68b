import Testing
@testable import ReactorShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child started with pipes as its standard input and output (the live view's server is): it
/// holds only its own copies of their ends.
@Suite("Child processes")
struct ChildProcessTests {
    @Test("A child that closes its output ends the pipe for its reader while it still runs")
    func closingTheOutputEndsThePipe() throws {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        try #require(pipe(&toChild) == 0 && pipe(&fromChild) == 0)
        // The parent's ends stay out of the child, as the live view's are.
        _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
        // It writes a line, closes its output, then waits for the end of its input.
        let spawned = ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", "echo up; exec >&-; read line"], environment: [:],
            input: toChild[0], output: fromChild[1])
        close(toChild[0])
        close(fromChild[1])
        let pid = try spawned.get()
        defer {
            close(toChild[1])
            _ = ChildProcess.wait(for: pid)
        }
        var received: [UInt8] = []
        var ended = false
        var chunk = [UInt8](repeating: 0, count: 64)
        // Its pipe ends while it runs; a copy of the pipe's end left open in the child would keep
        // it open until the child exits (which it does only when its input ends: never, here).
        while !ended {
            var descriptor = pollfd(fd: fromChild[0], events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 10_000) > 0 else { break }
            let count = read(fromChild[0], &chunk, chunk.count)
            if count > 0 { received += chunk[..<count] } else { ended = true }
        }
        close(fromChild[0])
        #expect(String(decoding: received, as: UTF8.self) == "up\n")
        #expect(ended, "the child's output did not end when it closed it")
        #expect(kill(pid, 0) == 0, "the child is still running")
    }
}
