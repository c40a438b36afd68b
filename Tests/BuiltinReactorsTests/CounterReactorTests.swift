import BuiltinReactors
import ReactorCore
import ReactorShell
import StateDiff
import Testing

@MainActor
@Suite("counter")
struct CounterReactorTests {
    let scheduler = Scheduler.virtual()

    @Test func increaseShowsLoadingAtOnceAndChangesTheValueAfter500Milliseconds() async throws {
        let counter = onScheduler(CounterReactor(), scheduler)
        let log = MutationLog(counter)

        counter.send(.increase)
        #expect(log.mutations == [.setLoading(true)])
        #expect(counter.currentState.isLoading)

        await scheduler.advance(by: .milliseconds(499))
        #expect(log.mutations == [.setLoading(true)])
        #expect(counter.currentState.value == 0)

        await scheduler.advance(by: .milliseconds(1))
        #expect(log.mutations == [.setLoading(true), .increaseValue, .setLoading(false), .setAlertMessage("increased!")])
        #expect(log.times == [.zero, .milliseconds(500), .milliseconds(500), .milliseconds(500)])
        #expect(counter.currentState.value == 1)
        #expect(counter.currentState.isLoading == false)
        #expect(counter.currentState.alertMessage == "increased!")
    }

    @Test func decreaseMirrorsIncrease() async throws {
        let counter = onScheduler(CounterReactor(), scheduler)
        let log = MutationLog(counter)

        counter.send(.decrease)
        try await scheduler.waitUntilQuiescent()

        #expect(log.mutations == [.setLoading(true), .decreaseValue, .setLoading(false), .setAlertMessage("decreased!")])
        #expect(log.times == [.zero, .milliseconds(500), .milliseconds(500), .milliseconds(500)])
        #expect(counter.currentState.value == -1)
        #expect(counter.currentState.alertMessage == "decreased!")
    }

    @Test func overlappingActionsAreNotGuardedAndBothComplete() async throws {
        let counter = onScheduler(CounterReactor(), scheduler)
        let log = MutationLog(counter)

        counter.send(.increase)
        await scheduler.advance(by: .milliseconds(200))
        counter.send(.increase)
        await scheduler.advance(by: .milliseconds(300))

        // The first one ends at 500 ms and clears the flag although the second is still pending.
        #expect(counter.currentState.value == 1)
        #expect(counter.currentState.isLoading == false)

        await scheduler.advance(by: .milliseconds(200))
        #expect(counter.currentState.value == 2)
        #expect(log.mutations == [
            .setLoading(true), .setLoading(true),
            .increaseValue, .setLoading(false), .setAlertMessage("increased!"),
            .increaseValue, .setLoading(false), .setAlertMessage("increased!"),
        ])
        #expect(log.times.map { $0 / .milliseconds(1) } == [0, 200, 500, 500, 500, 700, 700, 700])
    }

    @Test func theAlertIsAPulseThatFiresOnEveryAssignmentOfTheSameText() async throws {
        let counter = onScheduler(CounterReactor(), scheduler)
        var alerts: [String?] = []
        let token = counter.observe(pulse: \.$alertMessage) { alerts.append($0) }
        defer { token.cancel() }

        counter.send(.increase)
        try await scheduler.waitUntilQuiescent()
        counter.send(.increase)
        try await scheduler.waitUntilQuiescent()

        #expect(alerts == [nil, "increased!", "increased!"])
    }

    @Test func theStateEncodesThePulseAsItsPlainValue() async throws {
        let counter = onScheduler(CounterReactor(), scheduler)
        #expect(try StateValue(encoding: counter.currentState).jsonText == #"{"value":0,"isLoading":false,"alertMessage":null}"#)

        counter.send(.increase)
        try await scheduler.waitUntilQuiescent()

        #expect(try StateValue(encoding: counter.currentState).jsonText == #"{"value":1,"isLoading":false,"alertMessage":"increased!"}"#)
    }

    @Test func theStateDescribesItselfAsItsEncodingWould() throws {
        // `stateValue` (the shell's fast path) must build exactly the tree `encode(to:)` gives.
        let states = [
            CounterReactor.State(),
            CounterReactor.State(value: -7, isLoading: true, alertMessage: "decreased!"),
            CounterReactor.State(value: .max, isLoading: false, alertMessage: ""),
        ]
        for state in states {
            #expect(state.stateValue == (try StateValue(encoding: EncodedFieldByField(state: state))))
            #expect(try StateValue(encoding: state) == state.stateValue)
        }
    }
}

/// Encodes a counter state through its synthesized `encode(to:)`, bypassing its
/// `StateValueConvertible` conformance (this wrapper has none).
private struct EncodedFieldByField: Encodable {
    let state: CounterReactor.State

    func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
    }
}

/// The counter's own action and mutation labels are what reflection gives.
@Suite("counter labels")
struct CounterLabelTests {
    @Test func eachActionLabelsItselfAsReflectionWould() {
        for action in [CounterReactor.Action.increase, .decrease] {
            #expect(action.mutationLabel == reflected(action, limit: 200))
            #expect(MutationLabel.describe(action) == action.mutationLabel)
        }
    }

    @Test func eachMutationLabelsItselfAsReflectionWould() {
        let mutations: [CounterReactor.Mutation] = [
            .increaseValue, .decreaseValue, .setLoading(true), .setLoading(false), .setAlertMessage("increased!"),
            .setAlertMessage(""), .setAlertMessage("say \"hi\"\\\n👋🏽\té"),
        ]
        for mutation in mutations {
            #expect(mutation.mutationLabel == reflected(mutation, limit: 200))
            #expect(MutationLabel.describe(mutation) == mutation.mutationLabel)
        }
        #expect(CounterReactor.Mutation.mutationLabelIsCacheable)
    }
}
