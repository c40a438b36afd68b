import Dispatch
import Testing
@testable import ReactorShell
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line editor's signals and `run --serve`'s Ctrl-C: caught from the moment the handling is
/// installed, whichever thread the signal comes to.
@Suite("Signals caught through a pipe", .serialized)
@MainActor
struct SignalPipeTests {
    /// Sends `number` to the process right after catching it, as the line editor catches it; the
    /// number the handler got, or nil when none came within 10 s (the signal was lost).
    private func sendRightAfterCatching(_ number: Int32) async -> Int32? {
        await withCheckedContinuation { (done: CheckedContinuation<Int32?, Never>) in
            var finished = false
            var caught: SignalPipe?
            let finish = { (got: Int32?) in
                guard !finished else { return }
                finished = true
                caught?.cancel()
                done.resume(returning: got)
            }
            caught = SignalPipe(catching: [number]) { finish($0) }
            kill(getpid(), number)
            DispatchQueue.main.asyncAfter(deadline: .now() + 10) { MainActor.assumeIsolated { finish(nil) } }
        }
    }

    @Test("Ctrl-C, SIGTERM and SIGHUP sent right after the handling is installed all reach it, every time")
    func signalsRightAfterInstallation() async {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            for _ in 0..<25 {
                #expect(await sendRightAfterCatching(number) == number)
            }
        }
    }

    @Test("caught again and again while installed; with `once`, the default action is back after the first")
    func repeatedAndOnce() async {
        var count = 0
        let repeated = SignalPipe(catching: [SIGUSR1]) { _ in count += 1 }
        for expected in 1...3 {
            kill(getpid(), SIGUSR1)
            await waitUntil { count == expected }
        }
        repeated.cancel()
        var caughtOnce = false
        let once = SignalPipe(catching: [SIGUSR2], once: true) { _ in caughtOnce = true }
        kill(getpid(), SIGUSR2)
        await waitUntil { caughtOnce }
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        #if canImport(Glibc)
        #expect(action.__sigaction_handler.sa_handler == nil)  // SIG_DFL: a second one ends the process
        #endif
        once.cancel()
    }

    private func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() {
            try? await Task.sleep(for: .milliseconds(1))
        }
        #expect(condition())
    }
}
