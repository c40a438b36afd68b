@testable import BuiltinReactors
import ReactorCore
import ReactorShell
import StateDiff
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built-in states write their fields themselves (`StateObjectWritable`); what they write must
/// be what their synthesized `encode(to:)` gives, on any state: random values, the ends of `Int`,
/// empty, long and non-ASCII strings, `nil` and empty arrays. Each state is described twice, the
/// second time over the first one's recycled storage (the shell's way), and after a state of
/// another type, whose fields are left in that storage.
@Suite("built-in states written directly")
struct StateObjectWritableTests {
    static let ints: [Int] = [0, 1, -1, 2, 99, -99, .max, .min, .max - 1, .min + 1, 1 << 32, -(1 << 53)]
    static let strings = [
        "", "a", "increased!", "héllo", "👋🏽 wave", "q\"uote\\", "line\nbreak\ttab", "\u{0}nul", "e\u{301}",
        String(repeating: "long ", count: 40), "owner/name", "swift-lang/swift",
    ]

    struct Random {
        var generator = SplitMix64(seed: 0x5EED_0F_57A7E)
        mutating func bool() -> Bool { Bool.random(using: &generator) }
        mutating func int() -> Int {
            bool() ? StateObjectWritableTests.ints.randomElement(using: &generator)! : Int.random(in: .min ... .max, using: &generator)
        }
        mutating func string() -> String { StateObjectWritableTests.strings.randomElement(using: &generator)! }
        mutating func optionalString() -> String? { Int.random(in: 0..<3, using: &generator) == 0 ? nil : string() }
        mutating func optionalInt() -> Int? { bool() ? nil : int() }
        mutating func strings() -> [String] { (0..<Int.random(in: 0..<6, using: &generator)).map { _ in string() } }
    }

    /// Encodes `value` through its synthesized `encode(to:)`, bypassing its own description (the
    /// wrapper has none; the encoder asks only the root's type for one).
    struct ThroughEncodable<Value: Encodable>: Encodable {
        let value: Value
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    /// Describes each state as the shell does (the previous value recycled first) and compares
    /// with the synthesized encoding.
    func expectWrittenAsEncoded<State: Encodable & StateObjectWritable>(_ states: [State]) throws {
        var previous: StateValue?
        for state in states {
            if let previous { StateValue.recycle(previous) }
            let written = state.stateValue
            let encoded = try StateValue(encoding: ThroughEncodable(value: state))
            #expect(written == encoded, "\(state)")
            // The same through `StateValue(encoding:)`, which asks the state's own description.
            #expect(try StateValue(encoding: state) == encoded)
            previous = written
        }
    }

    @Test func theScoreboardWritesWhatItsEncodingGives() throws {
        var random = Random()
        var states = Self.ints.flatMap { home in Self.ints.map { Scoreboard.State(home: home, away: $0) } }
        states += (0..<500).map { _ in Scoreboard.State(home: random.int(), away: random.int()) }
        try expectWrittenAsEncoded(states)
    }

    @Test func theCounterWritesWhatItsEncodingGives() throws {
        var random = Random()
        var states = Self.ints.map { CounterReactor.State(value: $0) }
        states += Self.strings.map { CounterReactor.State(value: 1, isLoading: true, alertMessage: $0) }
        states += (0..<500).map { _ in
            CounterReactor.State(value: random.int(), isLoading: random.bool(), alertMessage: random.optionalString())
        }
        try expectWrittenAsEncoded(states)
    }

    @Test func theSearchWritesWhatItsEncodingGives() throws {
        var random = Random()
        var states = [
            GitHubSearchReactor.State(),
            GitHubSearchReactor.State(query: "", repos: [""], nextPage: .min, isLoadingNextPage: true, lastError: ""),
            GitHubSearchReactor.State(query: Self.strings.last, repos: Self.strings, nextPage: .max, lastError: "👋🏽"),
        ]
        states += (0..<500).map { _ in
            GitHubSearchReactor.State(
                query: random.optionalString(), repos: random.strings(), nextPage: random.optionalInt(),
                isLoadingNextPage: random.bool(), lastError: random.optionalString())
        }
        try expectWrittenAsEncoded(states)
    }

    /// Through the shell's handle, which keeps the old value's fields itself: each description
    /// after a reduction is the state's encoding.
    @MainActor @Test func theHandleDescribesEachStateOverTheLastOnesStorage() throws {
        let context = SceneContext(scheduler: .virtual(), configuration: ShellConfiguration())
        let store = Scoreboard.makeStore()
        let handle = ReactorHandle(name: "scoreboard", reactor: store, commands: Scoreboard.commands, context: context)
        #expect(handle.state.encodesThroughEncoder)
        var random = Random()
        for _ in 0..<200 {
            store.dispatch(.setScore(home: random.int(), away: random.int()))
            let value = try handle.state.value()
            #expect(try value == StateValue(encoding: ThroughEncodable(value: store.currentState)))
            handle.state.recycle(value)
        }
    }

    /// The states of the three reactors in turn, each written over what another type left.
    @Test func statesOfDifferentTypesWrittenOverEachOthersStorage() throws {
        var random = Random()
        var previous: StateValue?
        for round in 0..<300 {
            let state: any Encodable & StateObjectWritable =
                switch round % 3 {
                case 0: Scoreboard.State(home: random.int(), away: random.int())
                case 1: CounterReactor.State(value: random.int(), isLoading: random.bool(), alertMessage: random.optionalString())
                default: GitHubSearchReactor.State(query: random.optionalString(), repos: random.strings(), nextPage: random.optionalInt())
                }
            if let previous { StateValue.recycle(previous) }
            let written = state.stateValue
            #expect(try written == StateValue(encoding: AnyEncodableState(base: state)))
            previous = written
        }
    }
}

/// A state of any of the types encoded through its synthesized `encode(to:)` (as `ThroughEncodable`).
struct AnyEncodableState: Encodable {
    let base: any Encodable & StateObjectWritable
    func encode(to encoder: any Encoder) throws { try base.encode(to: encoder) }
}
