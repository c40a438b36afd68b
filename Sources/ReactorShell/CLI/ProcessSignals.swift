#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the program meets signals and output failures without losing what it printed (SPEC §6).
///
/// - A crash (a trap in a user's reactor: SIGILL, SIGTRAP; or SIGABRT, SIGFPE, SIGBUS, SIGSEGV)
///   writes the pending results out, names the script line on stderr, and then lets the previous
///   handler (the Swift runtime's backtracer, or the default action) end the process.
/// - SIGINT, SIGTERM and SIGHUP in a batch run write the pending results out and end the process
///   by the same signal (exit status 130, 143, 129 as the shell shows it).
/// - A failed write to stdout stops the run: quietly, by SIGPIPE, when the reader is gone
///   (`| head -1`); otherwise with an error on stderr and exit status 1 (`> /dev/full`).
enum ProcessSignals {
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV]
    private static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the crash report for every mode.
    static func installCrashReport() {
        SignalSafeOutput.prepare()
        for number in crashSignals {
            // Reset: a fault inside the handler itself ends the process instead of recursing. The
            // action replaced is kept: the handler hands the signal on to it.
            POSIXIO.setSignalHandler(
                crashHandler, for: number, flags: Int32(SA_NODEFER) | Int32(bitPattern: UInt32(SA_RESETHAND)),
                blockingAll: false, savingPrevious: true)
        }
    }

    /// Puts back the default action of the crash signals: an explorer's attempt runs in a child
    /// process whose parent reports a trap, so the child dies quietly by the signal.
    static func removeCrashReport() {
        for number in crashSignals { signal(number, SIG_DFL) }
    }

    /// Installs the batch-mode handlers of SIGINT, SIGTERM and SIGHUP.
    static func installBatchTermination() {
        SignalSafeOutput.prepare()
        for number in terminationSignals {
            POSIXIO.setSignalHandler(
                terminationHandler, for: number, flags: Int32(bitPattern: UInt32(SA_RESETHAND)),
                blockingAll: true, savingPrevious: false)
        }
    }

    /// What `sink` does when writing results fails: see the type's description.
    @MainActor
    static func stopOnWriteFailure(of sink: OutputSink) {
        sink.onResultWriteFailure = { [unowned sink] error in
            if error == EPIPE {
                signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
                _exit(128 + SIGPIPE)
            }
            sink.onResultWriteFailure = nil
            sink.writeError("\(LaunchContext.identity.name): cannot write to standard output: \(String(cString: strerror(error)))")
            exit(1)
        }
    }

    /// Keeps descriptors 0, 1 and 2 taken when the program starts with one closed: otherwise the
    /// next file opened would become "standard output". A closed stdout then still fails every
    /// write (it is held read-only), which ``stopOnWriteFailure(of:)`` reports.
    static func reserveClosedStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 2 ? O_WRONLY : O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}

/// Writes the pending results, names the signal and the script line, then hands the signal to
/// the action that was there before.
private func crashHandler(_ number: Int32) {
    SignalSafeOutput.writePendingResults()
    switch number {
    case SIGILL, SIGTRAP: SignalSafeOutput.writeReport("crashed (a trap: arithmetic overflow, a failed precondition, …)")
    case SIGABRT: SignalSafeOutput.writeReport("aborted")
    case SIGFPE: SignalSafeOutput.writeReport("crashed (arithmetic exception)")
    default: SignalSafeOutput.writeReport("crashed (invalid memory access)")
    }
    POSIXIO.restoreSavedAction(of: number)
    // A trap instruction traps again when the handler returns, now under the previous action;
    // a raised signal (abort) is raised again here.
    if number == SIGABRT { raise(number) }
}

/// Puts back a terminal that a stepping pause holds, writes the pending results, then dies of the
/// signal (its action was reset to the default).
private func terminationHandler(_ number: Int32) {
    PausedTerminal.restoreFromSignalHandler()
    SignalSafeOutput.writePendingResults()
    raise(number)
}
