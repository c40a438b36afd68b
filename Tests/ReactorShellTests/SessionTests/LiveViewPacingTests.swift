import Dispatch
import Testing
@testable import ReactorShell

/// When a batch run lets its live view in between two lines (`LiveViewController.isDueBetweenLines`):
/// a run whose lines never wait is served by the clock, not only when it reads more input or
/// the page's commands wait (the browser tests run the server; these, the pace).
@MainActor
@Suite("Live view pacing between a script's lines")
struct LiveViewPacingTests {
    private let harness = SessionHarness()

    private func controller() -> LiveViewController {
        let controller = LiveViewController(runner: harness.session.runner, shellName: "reactor-shell")
        controller.runBetweenLines = { _ in .succeeded }
        return controller
    }

    @Test func theNextLineToReadIsAlwaysDue() {
        let view = controller()
        view.servedBetweenLines()
        #expect(view.isDueBetweenLines(needsInput: true))
        #expect(view.isDueBetweenLines(needsInput: true))
    }

    @Test func withoutInputOrCommandsTheLinesAreDueAgainOnceTheIntervalHasPassed() {
        let view = controller()
        view.servedBetweenLines()
        // The lines up to the next reading of the clock are not due, however long they take.
        for _ in 1..<LiveViewController.linesBetweenClockReadings {
            #expect(!view.isDueBetweenLines(needsInput: false))
        }
        // Then a line is due once the interval has passed (bounded: a run that is never served
        // would loop here until the limit).
        let limit = DispatchTime.now() + .seconds(60)
        while !view.isDueBetweenLines(needsInput: false) && DispatchTime.now() < limit {}
        #expect(DispatchTime.now() < limit)
        // Served, the count starts again.
        view.servedBetweenLines()
        #expect(!view.isDueBetweenLines(needsInput: false))
    }

    @Test func aViewThatDoesNotRunCommandsBetweenLinesIsNeverDue() {
        // The interactive shell runs the page's commands between typed lines instead.
        let view = controller()
        view.runBetweenLines = nil
        #expect(!view.isDueBetweenLines(needsInput: true))
        for _ in 0...LiveViewController.linesBetweenClockReadings {
            #expect(!view.isDueBetweenLines(needsInput: false))
        }
    }
}
