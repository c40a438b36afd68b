import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals handled on the main queue without losing one: the line editor's (Ctrl-C, Ctrl-Z,
/// SIGTERM, SIGHUP, SIGWINCH) and `run --serve`'s Ctrl-C after its scripts.
///
/// A handler writes the signal's number to a pipe whose read end the main queue watches. The
/// handler is in place as soon as the initializer returns, whichever thread the signal comes to,
/// and the byte waits in the pipe until the main queue reads it, so a signal that comes at once
/// is never lost. (A dispatch signal source was: it needs the signal ignored, and on Linux
/// dispatch takes it over only once it has registered the source on a thread of its own; a signal
/// that came before was dropped.) Pinned by SignalPipeTests and test_serve_options.py's
/// `test_ctrl_c_right_after_the_scripts_ended_stops_the_run`.
@MainActor
final class SignalPipe {
    /// The pipe's ends: made once, before the handler that writes to it can run.
    private nonisolated static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }()

    /// What each caught signal runs, by number: one watcher a signal at a time.
    private static var handlers: [Int32: @MainActor (Int32) -> Void] = [:]
    /// The main queue's reader of the pipe, made on first use and kept.
    private static var reader: DispatchSourceRead?

    private let signals: [Int32]
    private var isCancelled = false

    /// Catches `signals` from now on; each one caught runs `onSignal` with its number on the main
    /// queue. `once`: each signal's default action comes back after it is caught (a second
    /// Ctrl-C ends the process by the signal). ``cancel()`` puts back the actions replaced.
    init(catching signals: [Int32], once: Bool = false, onSignal: @escaping @MainActor (Int32) -> Void) {
        self.signals = signals
        let ends = Self.pipeEnds
        if Self.reader == nil {
            let source = DispatchSource.makeReadSource(fileDescriptor: ends.read, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    var byte: UInt8 = 0
                    while read(ends.read, &byte, 1) == 1 {
                        let number = Int32(byte)
                        SignalPipe.handlers[number]?(number)
                    }
                }
            }
            source.resume()
            Self.reader = source
        }
        var flags = Int32(SA_RESTART)
        if once { flags |= Int32(bitPattern: UInt32(SA_RESETHAND)) }
        for number in signals {
            Self.handlers[number] = onSignal
            POSIXIO.setSignalHandler(
                { number in
                    let saved = errno
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(SignalPipe.pipeEnds.write, &byte, 1)
                    errno = saved
                }, for: number, flags: flags, blockingAll: true, savingPrevious: true)
        }
    }

    /// Stops catching the signals: their actions before are back; one caught and not yet handled
    /// is dropped.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        for number in signals {
            POSIXIO.restoreSavedAction(of: number)
            Self.handlers[number] = nil
        }
    }
}
