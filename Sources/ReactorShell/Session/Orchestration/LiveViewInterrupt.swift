import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while `run --serve` serves on after its scripts (``ShellSession/serveUntilInterrupted()``).
///
/// SIGINT's handler writes a byte to a pipe whose read end the main queue watches. The handler is
/// in place as soon as ``watch(onInterrupt:)`` returns, and the byte waits in the pipe until the
/// read source is registered, so a Ctrl-C pressed at once is never lost. (A dispatch signal
/// source was: it needs the signal ignored, and a SIGINT that came before the source was
/// registered on the main queue, or that another thread took, was dropped.) The handler resets
/// itself: a second Ctrl-C ends the process by the signal. Pinned by test_serve_options.py's
/// `test_ctrl_c_right_after_the_scripts_ended_stops_the_run`.
enum LiveViewInterrupt {
    /// The pipe's ends: made once, before the handler that writes to it can run.
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }()

    /// Installs SIGINT's handler; `onInterrupt` runs on the main queue at the first Ctrl-C.
    /// Cancel the returned source when done waiting.
    @MainActor
    static func watch(onInterrupt: @escaping @MainActor () -> Void) -> DispatchSourceRead {
        let ends = pipeEnds
        let source = DispatchSource.makeReadSource(fileDescriptor: ends.read, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated {
                var byte: UInt8 = 0
                while read(ends.read, &byte, 1) == 1 {}
                onInterrupt()
            }
        }
        POSIXIO.setSignalHandler(
            { _ in
                var byte: UInt8 = 1
                _ = write(LiveViewInterrupt.pipeEnds.write, &byte, 1)
            }, for: SIGINT, flags: Int32(bitPattern: UInt32(SA_RESETHAND)), blockingAll: true, savingPrevious: false)
        source.resume()
        return source
    }
}
