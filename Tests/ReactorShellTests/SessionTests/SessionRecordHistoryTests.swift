import ReactorCore
import Testing
@testable import ReactorShell

/// The session's steps as the record keeps them (`:history`, `:jump`, the trace's recent
/// actions): numbering, mutations filed under their actions, bounds.
@MainActor
@Suite("Session record: steps")
struct SessionRecordHistoryTests {
    /// A record written as the recorder writes it.
    @MainActor
    struct Recording {
        var record = SessionRecord(sink: OutputSink())

        /// A typed action `command` (processed as `id`, or never when nil): its step.
        @discardableResult
        mutating func action(_ command: String, id: Int?, reactor: Int = 0) -> Int {
            let step = record.takeStep()
            record.script.append(command)
            record.action(
                id, reactor: reactor, label: id == nil ? nil : command, time: .milliseconds(id ?? 0), step: step,
                scriptLine: record.script.count - 1)
            return step
        }

        /// An action sent by an effect (no step).
        mutating func untyped(_ label: String, id: Int) {
            record.action(id, reactor: 0, label: label, time: .zero, step: nil, scriptLine: nil)
        }

        /// A step that is not an action (`:reset`).
        @discardableResult
        mutating func command(_ line: String) -> Int {
            let step = record.takeStep()
            record.script.append(line)
            record.command(line, step: step, scriptLine: record.script.count - 1)
            return step
        }

        mutating func mutation(_ label: String, actionID: Int?, reactor: Int = 0) {
            record.mutation(label, reactor: reactor, cause: MutationCause(
                origin: .action, step: nil, actionID: actionID, effectID: nil, actionLabel: nil, actionReactor: nil,
                isShown: false))
        }

        mutating func scene(_ name: String, reactors: [String] = ["counter"]) {
            record.scene(name, reactors: reactors, prompt: "\(name)> ", isLoad: true)
        }

        func history(limit: Int = 1_000) -> [SessionRecord.HistoryStep] { record.history(limit: limit) }
    }

    @Test func stepsAreNumberedFromOneInOrder() {
        var recording = Recording()
        #expect(recording.action("increase", id: 1) == 1)
        #expect(recording.command(":reset") == 2)
        #expect(recording.action("decrease", id: 2) == 3)
        #expect(recording.history().map(\.number) == [1, 2, 3])
        #expect(recording.history().map(\.command) == ["increase", ":reset", "decrease"])
        #expect(recording.history().map(\.actionID) == [1, nil, 2])
    }

    @Test func mutationsAreListedUnderTheActionThatCausedThem() {
        var recording = Recording()
        recording.action("increase", id: 7)
        recording.action("decrease", id: 8)
        recording.mutation("setLoading(true)", actionID: 7)
        recording.mutation("setLoading(true)", actionID: 8)
        recording.mutation("increaseValue", actionID: 7)
        recording.mutation("ignored", actionID: 99)
        recording.mutation("no cause", actionID: nil)
        #expect(recording.history().map(\.mutations) == [["setLoading(true)", "increaseValue"], ["setLoading(true)"]])
    }

    /// An action an effect sent has no step: its mutations are not listed under the typed one.
    @Test func anActionSentByAnEffectHasNoStep() {
        var recording = Recording()
        recording.action("search swift", id: 4)
        recording.untyped("loadNextPage", id: 5)
        recording.mutation("setQuery(\"swift\")", actionID: 4)
        recording.mutation("appendRepos([])", actionID: 5)
        #expect(recording.history().map(\.number) == [1])
        #expect(recording.history().map(\.mutations) == [["setQuery(\"swift\")"]])
        #expect(recording.record.recentAction(5)?.step == nil)
        #expect(recording.record.recentAction(4)?.step == 1)
    }

    @Test func aStepListsABoundedNumberOfMutationsAndCountsTheRest() throws {
        var recording = Recording()
        recording.action("flood", id: 1)
        for index in 0..<(SessionRecord.maximumMutations + 5) { recording.mutation("m\(index)", actionID: 1) }
        let step = try #require(recording.history().first)
        #expect(step.mutations.count == SessionRecord.maximumMutations)
        #expect(step.droppedMutations == 5)
    }

    @Test func theHistoryListsTheLatestStepsAndNumbersKeepGrowing() {
        var recording = Recording()
        for index in 1...1_000 { recording.action("step \(index)", id: index) }
        #expect(recording.history(limit: 5).map(\.number) == [996, 997, 998, 999, 1_000])
        #expect(recording.history(limit: 5).map(\.command) == ["step 996", "step 997", "step 998", "step 999", "step 1000"])
        #expect(recording.command("next") == 1_001)
    }

    /// Mutations of a step listed are found even when their action is older than the window of
    /// recent actions, and a step whose action was never processed (a stubbed reactor) is listed
    /// without any.
    @Test func aStepOutsideTheRecentActionsStillListsItsMutations() {
        var recording = Recording()
        recording.action("first", id: 1)
        recording.action("stubbed", id: nil)
        for id in 2...2_000 { recording.untyped("internal", id: id) }
        recording.mutation("late", actionID: 1)
        #expect(recording.record.recentAction(1) == nil)
        #expect(recording.history().map(\.mutations) == [["late"], []])
        #expect(recording.history().map(\.command) == ["first", "stubbed"])
    }

    /// A new scene's scheduler numbers its actions from 1 again: an id of the current scene is
    /// never filed under an earlier scene's step.
    @Test func anActionIsSoughtInTheCurrentSceneOnly() {
        var recording = Recording()
        recording.scene("counter")
        for id in 1...3 { recording.action("increase", id: id) }
        recording.scene("counter")
        #expect(recording.record.currentSceneFirstStep == 4)
        #expect(recording.record.recentAction(2) == nil)
        let first = recording.action("increase", id: 1)
        recording.command(":reset")
        recording.mutation("increaseValue", actionID: 3)
        recording.mutation("increaseValue", actionID: 1)
        #expect(recording.record.recentAction(1)?.step == first)
        #expect(recording.history().map(\.mutations) == [[], [], [], ["increaseValue"], []])
        #expect(recording.record.sceneStarts(limit: 10).map(\.firstStep) == [1, 4])
    }

    /// A scene in which no step was taken is left out of the scene starts.
    @Test func aSceneWithoutStepsIsLeftOutOfTheStarts() {
        var recording = Recording()
        recording.scene("counter")
        recording.scene("board", reactors: ["board", "write"])
        recording.action("board.delete 1", id: 1)
        recording.mutation("deletePost(1)", actionID: 1, reactor: 0)
        #expect(recording.record.sceneStarts(limit: 10).map(\.name) == ["board"])
        // In a scene of several, a mutation is named by its reactor.
        #expect(recording.history().map(\.mutations) == [["board: deletePost(1)"]])
    }

    @Test func aStepMarkedAbandonedStaysSo() {
        var recording = Recording()
        for id in 1...4 { recording.action("increase", id: id) }
        recording.record.markAbandoned(step: 3)
        recording.record.markAbandoned(step: 99)
        #expect(recording.record.isAbandoned(step: 3))
        #expect(!recording.record.isAbandoned(step: 2))
        #expect(recording.history().map(\.isAbandoned) == [false, false, true, false])
    }

    /// Past its bound the record keeps its latest entries (each new one in the place of the
    /// oldest): the history still lists the latest steps, the recent actions are still found, and
    /// the record says it is not whole.
    @Test func pastItsBoundTheRecordKeepsTheLatestEntries() throws {
        var recording = Recording()
        recording.scene("counter")
        let actions = SessionRecord.entryLimit / 2 + 10
        for id in 1...actions {
            recording.action("increase", id: id)
            recording.mutation("increaseValue", actionID: id)
        }
        #expect(recording.record.overflowed)
        #expect(recording.record.entryCount == 1 + 2 * actions)
        let steps = recording.history(limit: 3)
        #expect(steps.map(\.number) == [actions - 2, actions - 1, actions])
        #expect(steps.map(\.mutations) == [["increaseValue"], ["increaseValue"], ["increaseValue"]])
        let latest = try #require(recording.record.recentAction(actions))
        #expect(latest.step == actions)
        #expect(latest.time == .milliseconds(actions))
        #expect(recording.record.recentAction(1) == nil)
    }

    /// An effect cancelled by another action is noted under the step of the action whose effect it was.
    @Test func aCancelledEffectIsNotedUnderItsActionsStep() {
        var recording = Recording()
        recording.action("updateQuery \"s\"", id: 1)
        recording.action("updateQuery \"sw\"", id: 2)
        recording.record.effect(
            EffectStep(EffectEvent(
                effectID: 3, actionID: 1, cancellationID: nil, phase: .cancelled, time: .zero, cancellingActionID: 2)),
            number: 3, reactor: 0, failure: nil)
        #expect(recording.history().map(\.notes) == [["⊘ effect #3 cancelled by updateQuery \"sw\""], []])
    }

    @Test func theReplayScriptKeepsItsLinesAcrossItsChunksAndDropsAUseThatNothingFollowed() {
        var replay = ReplayScript()
        replay.appendUse("counter")
        for index in 1..<4_096 { replay.append("line \(index)") }
        replay.appendUse("scoreboard")  // the first line of a second chunk
        replay.appendUse("counter")  // replaces it, emptying that chunk
        replay.append("increase")
        #expect(replay.count == 4_098)
        let lines = replay.text(savedAs: "s.rsh").split(separator: "\n").dropFirst()
        #expect(lines.count == 4_098)
        #expect(lines.first == ":use counter")
        #expect(Array(lines.suffix(3)) == ["line 4095", ":use counter", "increase"])
    }

    /// Past its limit the replay script says so and keeps its latest lines, each at its index.
    @Test func theReplayScriptKeepsItsLatestLinesPastItsLimit() {
        var replay = ReplayScript()
        for index in 0..<(ReplayScript.limit + 10_000) { replay.append("line \(index)") }
        #expect(replay.overflowed)
        #expect(replay[0] == nil)
        #expect(replay[ReplayScript.limit + 9_999]?.text == "line \(ReplayScript.limit + 9_999)")
        #expect(replay[ReplayScript.limit - 1]?.text == "line \(ReplayScript.limit - 1)")
    }
}
