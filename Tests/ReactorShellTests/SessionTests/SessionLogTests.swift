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
}
