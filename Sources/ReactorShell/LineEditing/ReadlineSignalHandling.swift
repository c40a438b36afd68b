#if GNUReadline || LibEdit
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dispatch signal sources on the main queue for the signals the line editor handles.
///
/// Each signal's default action is replaced by "ignore" while the sources exist (a dispatch
/// source only observes a signal), and the default is restored by `cancel()`.
@MainActor
final class ReadlineSignalHandling {
    private static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP]
    private var sources: [DispatchSourceSignal] = []

    init(editor: ReadlineLineEditor) {
        for number in ReadlineSignalHandling.handledSignals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak editor] in
                MainActor.assumeIsolated {
                    guard let editor else { return }
                    ReadlineSignalHandling.handle(number, editor: editor)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    private static func handle(_ number: Int32, editor: ReadlineLineEditor) {
        switch number {
        case SIGINT:
            editor.interrupt()
        case SIGWINCH:
            editor.terminalResized()
        case SIGTSTP:
            // SIGSTOP cannot be blocked or caught: the process stops right here until SIGCONT.
            editor.suspendProcess { _ = kill(getpid(), SIGSTOP) }
        default:  // SIGTERM, SIGHUP: restore the terminal, then die of the signal as usual
            editor.terminate()
            dieOfSignal(number)
        }
    }

    /// Ends the process by `number` with its default action (the signal may be blocked in
    /// this thread by the dispatch source's machinery, so unblock it first).
    private static func dieOfSignal(_ number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }

    /// Removes the sources and restores the default signal actions.
    func cancel() {
        for source in sources { source.cancel() }
        sources = []
        for number in ReadlineSignalHandling.handledSignals { signal(number, SIG_DFL) }
    }
}
#endif
