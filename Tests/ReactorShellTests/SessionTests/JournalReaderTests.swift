import ReactorCore
import StateDiff
import Testing
@testable import ReactorShell

/// A journal reader that writes down what it reads, as text, with the new state of each reduction.
@MainActor
private final class TranscribingReader: SessionJournalReader {
    var lines: [String] = []

    func read(_ event: SessionEvent) {
        let reactor = event.reactor?.name ?? "-"
        switch event.kind {
        case .line(let text, let origin):
            lines.append("line \(origin.line): \(text)")
        case .action(_, let label, let step):
            lines.append("\(reactor) action \(label) step \(step.map(String.init) ?? "-")")
        case .reduction(let label, let cause):
            let total = (try? event.newState()).flatMap { try? $0?.value(at: StatePath(parsing: "total")) }
            lines.append("\(reactor) reduction \(label) from \(cause.origin.rawValue) total \(total?.literal() ?? "?")")
        case .effect(let effect, let number, let failure):
            lines.append("\(reactor) effect #\(number) \(effect.phase.rawValue)" + (failure.map { ": \($0)" } ?? ""))
        case .error(let diagnostic):
            lines.append("error \(diagnostic.message)")
        case .restored(let label):
            let total = (try? event.reactor?.state.value()).flatMap { try? $0?.value(at: StatePath(parsing: "total")) }
            lines.append("\(reactor) restored \(label) total \(total?.literal() ?? "?")")
        case .expectation(let path, let ok):
            lines.append("expectation \(path) \(ok ? "held" : "failed")")
        case .sceneLoaded(let entry):
            lines.append("scene \(entry ?? "-")")
        case .summary(let passed, let failed, let errors):
            lines.append("summary \(passed) passed \(failed) failed \(errors) errors")
        }
    }
}

@MainActor
@Suite("Journal readers")
struct JournalReaderTests {
    @Test func aReaderIsToldOfEachLineEventAndErrorInOrderWithEachReductionsOwnState() async {
        // A plain action line is told by its action's event (`step`), not as a line besides.
        let harness = SessionHarness()
        let reader = TranscribingReader()
        harness.session.addReader(reader)
        await harness.run("add 2", "slowAdd 3", "nope")
        #expect(reader.lines == [
            "tally action add(2) step 1",
            "tally reduction addValue(2) from action total 2",
            "tally action slowAdd(3) step 2",
            "tally reduction setPending(true) from action total 2",
            "tally effect #1 started",
            // Both reductions of the delayed part are drained together: each still has its own state.
            "tally reduction addValue(3) from effect total 5",
            "tally reduction setPending(false) from effect total 5",
            "tally effect #1 finished",
            // Not a plain action line the reader could be told of by its action's event.
            "line 3: nope",
            "error unknown action 'nope'; the actions of tally are add, slowAdd, rename, explode, timeoutAdd",
        ])
    }

    @Test func aLineWithLabelledArgumentsOrAReactorNameIsToldAsALineBeforeItsAction() async {
        // Only `NAME ARGS` with no label and no `REACTOR.` is told by its action's event alone.
        let harness = SessionHarness()
        let reader = TranscribingReader()
        harness.session.addReader(reader)
        await harness.run("add amount: 4", "tally.add 1", "add 2")
        #expect(reader.lines == [
            "line 1: add amount: 4",
            "tally action add(4) step 1",
            "tally reduction addValue(4) from action total 4",
            "line 2: tally.add 1",
            "tally action add(1) step 2",
            "tally reduction addValue(1) from action total 5",
            "tally action add(2) step 3",
            "tally reduction addValue(2) from action total 7",
        ])
    }

    @Test func aReaderIsToldOfExpectationsTimeTravelAndScenesWhichAreNoReactorEvents() async {
        let harness = SessionHarness()
        let reader = TranscribingReader()
        harness.session.addReader(reader)
        await harness.run("add 2", ":expect total == 2", ":expect total == 9", ":undo", ":use tally")
        #expect(reader.lines == [
            "tally action add(2) step 1",
            "tally reduction addValue(2) from action total 2",
            "line 2: :expect total == 2",
            "expectation total held",
            "line 3: :expect total == 9",
            "expectation total failed",
            "error expectation failed: total == 9; actual: 2",
            "line 4: :undo",
            "tally restored (undo) total 0",
            "line 5: :use tally",
            "scene tally",
        ])
    }

    @Test func aPlainActionLineWhoseActionCannotBeBuiltIsToldAsALineBeforeItsError() async {
        let harness = SessionHarness()
        let reader = TranscribingReader()
        harness.session.addReader(reader)
        await harness.run("add 13", "add 1")
        #expect(reader.lines == [
            "line 1: add 13",
            "error add: 13 is not added",
            "tally action add(1) step 1",
            "tally reduction addValue(1) from action total 1",
        ])
    }

    @Test func aBreakSeesTheStateOfTheReductionThatMadeItTrueNotTheStateAfterTheDrain() async {
        let harness = SessionHarness()
        // Both delayed halves fall due at 100 ms: total goes 0 → 3 → 7 within one wake-up.
        await harness.run(":break total == 3", "slowAdd 3 &", "slowAdd 4 &", ":advance 100ms")
        #expect(harness.takeStdout().contains("  ● break: tally:total == 3 (actual: 3)"))
    }

    @Test func aFailedEffectReachesTheReaderWithItsErrorAndTheLabelsOfTheEventsAroundIt() async {
        let harness = SessionHarness()
        let reader = TranscribingReader()
        harness.session.addReader(reader)
        await harness.run("explode", "rename \"x\"")
        #expect(reader.lines == [
            "tally action explode step 1",
            "tally effect #1 started",
            "tally reduction setPending(true) from effect total 0",
            // The session's own readers first: the reporter's error, then this reader's event.
            "error effect of tally.explode failed: boom",
            "tally effect #1 failed: boom",
            "tally action rename(\"x\") step 2",
            "tally reduction setLabel(\"x\") from action total 0",
        ])
    }

    @Test func aReaderGetsTheReportersChangesWholeWhateverTheTerminalShows() async {
        let harness = SessionHarness()
        let reader = ChangeCollector()
        harness.session.addReader(reader)
        await harness.run("add 2", ":watch label", "add 3", ":unwatch", ":set diff off", "rename \"x\"", ":set diff on", "add 4", ":undo")
        #expect(reader.changes == [
            "addValue(2): total: 0 → 2; + items[0]: 2",
            // Narrowed to the watched label in the terminal, whole for the reader.
            "addValue(3): total: 2 → 5; + items[1]: 3",
            // Diffs off in the terminal: the reader still gets the change.
            "setLabel(\"x\"): label: nil → \"x\"",
            "addValue(4): total: 5 → 9; + items[2]: 4",
            "(undo): total: 9 → 5; - items[2]: 4",
        ])
        let shown = harness.takeStdout().joined(separator: "\n")
        #expect(!shown.contains("\"x\""))
        #expect(shown.contains("      (2 other changes)"))
    }

    @Test func onceTheLastReaderLeftTheTerminalShowsNoChangeKeptForIt() async {
        // The reporter keeps the last report's changes for its readers; without readers that list
        // starts each report empty again.
        let harness = SessionHarness()
        let reader = ChangeCollector()
        harness.session.addReader(reader)
        await harness.run("add 2")
        harness.session.runner.removeReader(reader)
        _ = harness.takeStdout()
        await harness.run("add 3")
        let shown = harness.takeStdout().joined(separator: "\n")
        #expect(shown.contains("2 → 5"))
        #expect(!shown.contains("0 → 2"))
        #expect(!shown.contains("items[0]"))
        #expect(reader.changes == ["addValue(2): total: 0 → 2; + items[0]: 2"])
    }

    @Test func aReaderAddedAfterDiffsWereTurnedOffGetsTheWholeStateFirst() async {
        let harness = SessionHarness()
        await harness.run(":set diff off", "add 2")
        let reader = ChangeCollector()
        harness.session.addReader(reader)
        await harness.run("add 3", "add 4")
        #expect(reader.changes == [
            "addValue(3): (root): nil → {total: 5, pending: false, label: nil, items: [2, 3]}",
            "addValue(4): total: 5 → 9; + items[2]: 4",
        ])
    }
}

/// A journal reader that writes down the changes of each reduction and restored state.
@MainActor
private final class ChangeCollector: SessionJournalReader {
    var changes: [String] = []

    func read(_ event: SessionEvent) {
        let label: String
        switch event.kind {
        case .reduction(let text, _): label = text
        case .restored(let text): label = text
        default: return
        }
        let parts = event.changes.map(\.description)
        changes.append("\(label): " + parts.joined(separator: "; "))
    }
}
