import StateDiff
import Testing
@testable import ReactorShell

/// The states a reactor kept between two mutations of one step, for the live view's history:
/// found by entry, described when read, and bounded by the record's entries and by bytes.
@MainActor
@Suite("Intermediate states")
struct IntermediateStatesTests {
    private static func states<State: Encodable>(of type: State.Type, describe: @escaping @MainActor (State) -> StateValue) -> IntermediateStates<State> {
        IntermediateStates(footprint: makeSnapshotFootprint(for: type), describe: describe)
    }

    @Test func aStateIsFoundByTheEntryOfTheMutationAfterIt() {
        let states = Self.states(of: Int.self) { .int($0) }
        for entry in stride(from: 3, to: 30, by: 3) { states.keep(entry * 10, before: entry, firstKeptEntry: 0) }
        #expect(states.value(before: 9) == .int(90))
        #expect(states.value(before: 27) == .int(270))
        #expect(states.value(before: 10) == nil)
        #expect(states.value(before: 31) == nil)
        #expect(states.values().map(\.entry) == Array(stride(from: 3, to: 30, by: 3)))
    }

    @Test func theStatesOfEntriesNoLongerKeptAreDropped() {
        let states = Self.states(of: Int.self) { .int($0) }
        for entry in 0..<5_000 { states.keep(entry, before: entry, firstKeptEntry: max(0, entry - 100)) }
        #expect(states.count == 101)
        #expect(states.value(before: 4_898) == nil)
        #expect(states.value(before: 4_899) == .int(4_899))
        #expect(states.value(before: 4_900) == .int(4_900))
        #expect(states.value(before: 4_999) == .int(4_999))
    }

    @Test func pastItsByteLimitTheOldestAreDropped() {
        let states = Self.states(of: String.self) { .string($0) }
        let big = String(repeating: "x", count: 1 << 20)
        for entry in 0..<40 { states.keep(big, before: entry, firstKeptEntry: 0) }
        #expect(states.count < 16 && states.count > 8)
        #expect(states.value(before: 0) == nil)
        #expect(states.value(before: 39) == .string(big))
    }
}
