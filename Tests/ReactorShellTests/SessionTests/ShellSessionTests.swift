import Testing
import ReactorCore
@testable import ReactorShell

/// A session driven in-process: time travel, history numbering and the text output.
@MainActor
@Suite("Shell session")
struct ShellSessionTests {
    @Test func aSessionThatEndsFreesItsRecorderSceneAndReactors() async {
        // The reactors' event handlers hold the recorder strongly; the session lets them go.
        weak var recorder: SessionRecorder?
        weak var scene: LoadedScene?
        weak var scheduler: Scheduler?
        weak var reactor: AnyObject?
        do {
            let harness = SessionHarness()
            await harness.run("add 2", ":use tally", "add 1")
            recorder = harness.session.recorder
            scene = harness.session.scene
            scheduler = harness.session.scene.scheduler
            reactor = harness.session.scene.reactors.first
            #expect(recorder != nil && scene != nil && scheduler != nil && reactor != nil)
        }
        #expect(recorder == nil)
        #expect(scene == nil)
        #expect(scheduler == nil)
        #expect(reactor == nil)
    }

    @Test func undoPastTheStartIsAnError() async {
        let harness = SessionHarness()
        let outcomes = await harness.run("add 2", ":undo", ":undo")
        #expect(outcomes == [.succeeded, .succeeded, .failed])
        #expect(harness.takeStderr() == ["test.rsh:3:1: nothing to undo in this scene"])
        #expect(harness.session.exitStatus == 1)
    }

    @Test func redoAfterANewActionIsGone() async {
        let harness = SessionHarness()
        await harness.run("add 1", "add 2", ":undo", "add 5")
        _ = harness.takeStdout()
        let outcomes = await harness.run(":redo", ":expect total == 6")
        #expect(outcomes == [.failed, .succeeded])
        #expect(harness.takeStderr() == ["test.rsh:5:1: nothing to redo in this scene"])
    }

    @Test func undoAndRedoPrintWhatChanged() async {
        let harness = SessionHarness()
        await harness.run("add 1", "rename first")
        _ = harness.takeStdout()
        await harness.run(":undo")
        #expect(harness.takeStdout() == ["  · (undo)", "      label: \"first\" → nil"])
        await harness.run(":redo")
        #expect(harness.takeStdout() == ["  · (redo)", "      label: nil → \"first\""])
        await harness.run(":jump 0")
        #expect(harness.takeStdout() == [
            "  · (jump to after step 0)",
            "      total: 1 → 0",
            "      label: \"first\" → nil",
            "      - items[0]: 1",
        ])
    }

    @Test func timeTravelCancelsEffectsInFlight() async {
        let harness = SessionHarness()
        await harness.run("add 1", "slowAdd 5 &")
        _ = await harness.run(":undo", ":wait", ":expect total == 1", ":expect pending == false")
        #expect(harness.takeStderr() == [])
        #expect(!harness.takeStdout().contains("  · addValue(5)"))
    }

    @Test func jumpBeyondTheLogIsAnError() async {
        let harness = SessionHarness()
        await harness.run("add 1", "add 1")
        let outcomes = await harness.run(":jump 3", ":jump -1")
        #expect(outcomes.first == .failed)
        #expect(harness.takeStderr().first == "test.rsh:3:1: cannot jump to step 3: this scene's steps are 0 (its initial state) or 1…2")
    }

    @Test func historyNumbersStepsAcrossReactorsAndResets() async {
        let harness = SessionHarness(entry: "pair")
        await harness.run("add 3", "right.rename r", ":reset left", "slowAdd")
        _ = harness.takeStdout()
        await harness.run(":history")
        #expect(harness.takeStdout() == [
            "  1  add 3",
            "       · left: addValue(3)",
            "  2  right.rename \"r\"",
            "       · right: setLabel(\"r\")",
            "  3  :reset left",
            "▶ 4  slowAdd 1",
            "       · left: setPending(true)",
            "       · left: addValue(1)",
            "       · left: setPending(false)",
        ])
    }

    @Test func historyIsEmptyAtFirst() async {
        let harness = SessionHarness()
        await harness.run(":history")
        #expect(harness.takeStdout() == ["(no actions yet)"])
    }

    @Test func aSceneOfSeveralReactorsNamesTheReactorInEachBlock() async {
        let harness = SessionHarness(entry: "pair")
        await harness.run("add 2", "right.add 1")
        #expect(harness.takeStdout() == [
            "  · left: addValue(2)",
            "      total: 0 → 2",
            "      + items[0]: 2",
            "  · right: addValue(1)",
            "      total: 0 → 1",
            "      + items[0]: 1",
        ])
    }

    @Test func aLineWithoutPrefixGoesToTheFocusedReactor() async {
        let harness = SessionHarness(entry: "pair")
        await harness.run(":focus right", "add 2", "left.add 1", "ad 1")
        #expect(harness.takeStdout() == [
            "  · right: addValue(2)",
            "      total: 0 → 2",
            "      + items[0]: 2",
            "  · left: addValue(1)",
            "      total: 0 → 1",
            "      + items[0]: 1",
        ])
        #expect(harness.takeStderr().first?.hasPrefix("test.rsh:4:1: unknown action 'ad'") == true)
    }

    @Test func expectationsAreCountedAndAFailureSetsTheExitStatus() async {
        let harness = SessionHarness()
        await harness.run("add 2", ":expect total == 2", ":expect total > 5", ":expect items contains 2", ":expect nothing == 1")
        #expect(harness.session.passed == 2)
        #expect(harness.session.failed == 2)
        #expect(harness.session.exitStatus == 1)
        let errors = harness.takeStderr()
        #expect(errors.count == 2)
        #expect(errors.first == "test.rsh:3:1: expectation failed: total > 5; actual: 2")
        #expect(errors.last?.hasPrefix("test.rsh:5:1: expectation failed: nothing == 1; ") == true)
    }

    @Test func quitAndExitReturnTheirCodes() async {
        let harness = SessionHarness()
        #expect(await harness.run(":quit", ":exit 4", ":exit") == [.quit(code: nil), .quit(code: 4), .quit(code: nil)])
    }

    @Test func withDiffsOffNothingButResultsIsPrinted() async {
        let harness = SessionHarness()
        await harness.run(":set diff off", "add 1", ":expect total == 1", ":set diff on", "add 1")
        #expect(harness.takeStdout() == [
            "  ✓ total == 1",
            "  · addValue(1)",
            "      total: 1 → 2",
            "      + items[1]: 1",
        ])
    }

    @Test func aFailingEffectIsAnErrorWhatItSentStaysAndTheReactorKeepsWorking() async {
        let harness = SessionHarness()
        let outcomes = await harness.run("explode", ":expect pending == true", "add 2", ":expect total == 2")
        #expect(outcomes.dropFirst() == [.succeeded, .succeeded, .succeeded])
        let errors = harness.takeStderr()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("test.rsh:1:1: effect of tally") == true, "\(errors)")
        #expect(errors.first?.hasSuffix(" failed: boom") == true, "\(errors)")
        #expect(harness.session.exitStatus == 1)
    }
}
