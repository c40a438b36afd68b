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

