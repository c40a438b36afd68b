#if GNUReadline || LibEdit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals the line editor handles, caught through the ``SignalPipe`` and handled on the main
/// queue; `cancel()` puts back the actions they had.
@MainActor
final class ReadlineSignalHandling {
    private static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP]
    private var caught: SignalPipe?

    init(editor: ReadlineLineEditor) {
        caught = SignalPipe(catching: ReadlineSignalHandling.handledSignals) { [weak editor] number in
            guard let editor else { return }
            ReadlineSignalHandling.handle(number, editor: editor)
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

    /// Ends the process by `number` with its default action (unblocked first: it may be blocked
    /// in this thread).
    private static func dieOfSignal(_ number: Int32) -> Never {
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
    }

    /// Stops catching the signals and puts back the actions they had.
    func cancel() {
        caught?.cancel()
        caught = nil
    }
}
#endif
