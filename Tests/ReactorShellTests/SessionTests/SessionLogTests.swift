import Testing
@testable import ReactorShell

/// The `:history` log: numbering, mutation records, bounds.
@Suite("Session log")
struct SessionLogTests {
    @Test func stepsAreNumberedFromOneInOrder() {
        var log = SessionLog(limit: 10)
        #expect(log.append(command: "increase") == 1)
        #expect(log.append(command: ":reset") == 2)
        #expect(log.append(command: "decrease") == 3)
        #expect(log.visibleEntries.map(\.number) == [1, 2, 3])
        #expect(log.visibleEntries.map(\.command) == ["increase", ":reset", "decrease"])
    }

    @Test func mutationsAreRecordedUnderTheActionThatCausedThem() {
        var log = SessionLog(limit: 10)
        let first = log.append(command: "increase")
        log.bind(step: first, actionID: 7)
        let second = log.append(command: "decrease")
        log.bind(step: second, actionID: 8)
        log.record(mutation: "setLoading(true)", actionID: 7)
        log.record(mutation: "setLoading(true)", actionID: 8)
        log.record(mutation: "increaseValue", actionID: 7)
        log.record(mutation: "ignored", actionID: 99)
        #expect(log.visibleEntries.map(\.mutations) == [["setLoading(true)", "increaseValue"], ["setLoading(true)"]])
        #expect(log.visibleEntries.map { $0.records.map(\.step) } == [[first, first], [second]])
        #expect(log.visibleEntries.map { $0.records.map(\.actionID) } == [[7, 7], [8]])
    }

    @Test func aMutationKeepsItsCauseStepActionAndEffect() throws {
        var log = SessionLog(limit: 10)
        log.append(command: ":reset")
        let step = log.append(command: "search swift", actionID: 4)
        log.record(mutation: "setQuery(\"swift\")", actionID: 4)
        log.record(mutation: "setRepos([])", actionID: 4, effectID: 2)
        let entry = try #require(log.visibleEntries.last)
        #expect(entry.records == [
            LoggedMutation(label: "setQuery(\"swift\")", reactor: nil, step: step, actionID: 4, effectID: nil, viaEvent: false),
            LoggedMutation(label: "setRepos([])", reactor: nil, step: step, actionID: 4, effectID: 2, viaEvent: false),
        ])
    }

    @Test func anEntryKeepsABoundedNumberOfMutationsAndCountsTheRest() throws {
        var log = SessionLog(limit: 10)
        log.append(command: "flood", actionID: 1)
        for index in 0..<(SessionLog.maximumMutations + 5) { log.record(mutation: "m\(index)", actionID: 1) }
        let entry = try #require(log.visibleEntries.first)
        #expect(entry.mutations.count == SessionLog.maximumMutations)
        #expect(entry.droppedMutations == 5)
    }

    @Test func theLogKeepsTheLatestEntriesAndNumbersKeepGrowing() {
        var log = SessionLog(limit: 5)
        for index in 1...1_000 { log.append(command: "step \(index)") }
        #expect(log.visibleEntries.map(\.number) == [996, 997, 998, 999, 1_000])
        #expect(log.storedCount == 5)
        #expect(log.append(command: "next") == 1_001)
    }

    @Test func aStepIsBoundInARingThatWrappedAndAForgottenOneIsNot() {
        var log = SessionLog(limit: 3)
        for index in 1...5 { log.append(command: "step \(index)") }
        log.bind(step: 5, actionID: 50)
        log.bind(step: 3, actionID: 30)
        log.bind(step: 1, actionID: 10)
        log.record(mutation: "five", actionID: 50)
        log.record(mutation: "three", actionID: 30)
        #expect(log.record(mutation: "one", actionID: 10) == nil)
        #expect(log.visibleEntries.map(\.mutations) == [["three"], [], ["five"]])
        #expect(log.visibleEntries.map(\.actionID) == [30, nil, 50])
        // A reused entry starts empty.
        log.record(mutation: "again", actionID: 30)
        log.append(command: "step 6")
        #expect(log.visibleEntries.map(\.command) == ["step 4", "step 5", "step 6"])
        #expect(log.visibleEntries.map(\.mutations) == [[], ["five"], []])
    }

    /// An action's entry is found by halves (issue 25 item 6: N effects ending long after their
    /// actions each searched the whole log): among entries bound to ids with gaps between them
    /// (actions an effect sent are not logged), entries bound to none (`:reset`), in a ring that
    /// wrapped, every lookup agrees with a walk of the entries.
    @Test func anActionIsFoundByHalvesAmongBoundAndUnboundEntriesOfAWrappedRing() {
        var log = SessionLog(limit: 100)
        var nextID = 1
        for step in 1...250 {
            if step.isMultiple(of: 7) || (step > 200 && step < 230) {
                log.append(command: ":reset")
            } else {
                log.append(command: "increase", actionID: nextID)
                nextID += 1 + step % 3
            }
        }
        let kept = Dictionary(uniqueKeysWithValues: log.visibleEntries.compactMap { entry in entry.actionID.map { ($0, entry.number) } })
        for id in 0...nextID + 1 {
            #expect(log.step(ofAction: id) == kept[id], "action \(id)")
            #expect(log.record(mutation: "m", actionID: id) == kept[id], "action \(id)")
        }
        #expect(kept.count > 50)
    }

    /// A new scene's scheduler numbers its actions from 1 again: an id of the current scene is
    /// never filed under an earlier scene's step (an action an effect sent, with no entry of its
    /// own, had its mutation and notes filed under the earlier scene's step of the same id).
    @Test func anActionIsSoughtInTheCurrentSceneOnly() {
        var log = SessionLog(limit: 10)
        log.beginScene("counter")
        for id in 1...3 { log.append(command: "increase", actionID: id) }
        log.beginScene("counter")
        let first = log.append(command: "increase", actionID: 1)
        log.append(command: ":reset")
        #expect(log.record(mutation: "increaseValue", actionID: 3) == nil)
        log.record(note: "⊘ effect #1 cancelled", actionID: 2)
        #expect(log.step(ofAction: 2) == nil)
        #expect(log.record(mutation: "increaseValue", actionID: 1) == first)
        #expect(log.visibleEntries.map(\.mutations) == [[], [], [], ["increaseValue"], []])
        #expect(log.visibleEntries.allSatisfy { $0.notes.isEmpty })
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
}

