// ReactorCore cases: synchronous dispatch, Store dispatch, async-effect dispatch, each with its
// ratio to a plain `reduce(state, action)` loop measured in the same run.
import ReactorCore

/// The counter of ReactorKit's example, without the delay: one mutation per action.
@MainActor
private final class BenchCounter: Reactor {
    enum Action { case increase, decrease }
    enum Mutation { case increaseValue, decreaseValue }
    struct State { var value = 0 }

    /// How `mutate` delivers the mutation.
    enum Delivery {
        /// `.just(m)`: reduced before `send` returns.
        case synchronous
        /// `.run { send in send(m) }`: an effect task that never suspends.
        case run
        /// `.run { send in await Task.yield(); send(m) }`: an effect task that suspends once.
        case runSuspendingOnce
    }

    let initialState = State()
    let runtime: ReactorRuntime<BenchCounter>
    let delivery: Delivery

    init(delivery: Delivery = .synchronous, scheduler: Scheduler = Scheduler()) {
        self.delivery = delivery
        self.runtime = ReactorRuntime(scheduler: scheduler)
    }

    func mutate(action: Action) -> Effect<Mutation> {
        let mutation: Mutation = action == .increase ? .increaseValue : .decreaseValue
        switch delivery {
        case .synchronous:
            return .just(mutation)
        case .run:
            return .run { send in send(mutation) }
        case .runSuspendingOnce:
            return .run { send in
                await Task.yield()
                send(mutation)
            }
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        benchReduce(state, mutation)
    }
}

/// Kept out of line so the baseline loop cannot be folded into one addition (the floor of
/// PERFORMANCE.md is a call per action too).
@inline(never)
private func benchReduce(_ state: BenchCounter.State, _ mutation: BenchCounter.Mutation) -> BenchCounter.State {
    var state = state
    switch mutation {
    case .increaseValue: state.value &+= 1
    case .decreaseValue: state.value &-= 1
    }
    return state
}

private struct BenchScore { var home = 0; var away = 0 }
private enum BenchScoreAction { case home, away }

/// The actions of every case: mostly increases, so the final value checks the work was done.
private let actionPattern: [BenchCounter.Action] = [.increase, .increase, .decrease, .increase]

/// The plain loop every runtime case is compared with.
@MainActor
private func measureBaseline(operations: Int) -> Double {
    medianNanoseconds(operations: operations) {
        var state = BenchCounter.State()
        for index in 0..<operations {
            let mutation: BenchCounter.Mutation =
                actionPattern[index & 3] == .increase ? .increaseValue : .decreaseValue
            state = benchReduce(state, mutation)
        }
        blackHole(state)
    }
}

/// Synchronous cases: a counter with one state observer, and a Store.
@MainActor func runCoreBenchmarks() {
    let operations = 1_000_000
    let baseline = measureBaseline(operations: operations)
    if shouldRun("core") {
        report("core: plain reduce loop (baseline)", nanoseconds: baseline,
               baselineName: "reduce loop", baselineNanoseconds: baseline)
    }
    if shouldRun("core: sync dispatch") {
        let counter = BenchCounter(delivery: .synchronous)
        let observed = ObservedTotal()
        let token = counter.observe { [pointer = observed.pointer] in pointer.pointee &+= $0.value }
        let nanos = medianNanoseconds(operations: operations) {
            for index in 0..<operations { counter.send(actionPattern[index & 3]) }
        }
        token.cancel()
        precondition(counter.currentState.value == 10 * operations / 2, "sync dispatch lost actions")
        blackHole(observed.value)
        report("core: sync dispatch, 1 observer", nanoseconds: nanos,
               baselineName: "reduce loop", baselineNanoseconds: baseline)
    }
    if shouldRun("core: observed dispatch") {
        // The shell's case: a state observer and a runtime-event observer.
        let counter = BenchCounter(delivery: .synchronous)
        let observed = ObservedTotal()
        let token = counter.observe { [pointer = observed.pointer] in pointer.pointee &+= $0.value }
        let events = counter.observeRuntimeEvents(
            actions: { [pointer = observed.pointer] id, _ in pointer.pointee &+= id },
            reductions: { [pointer = observed.pointer] _, _, state in pointer.pointee &+= state.value },
            effects: { _ in })
        let nanos = medianNanoseconds(operations: operations) {
            for index in 0..<operations { counter.send(actionPattern[index & 3]) }
        }
        token.cancel()
        events.cancel()
        precondition(counter.currentState.value == 10 * operations / 2, "observed dispatch lost actions")
        blackHole(observed.value)
        report("core: observed dispatch, 1 + event observer", nanoseconds: nanos,
               baselineName: "reduce loop", baselineNanoseconds: baseline)
    }
    if shouldRun("core: store dispatch") {
        let store = Store<BenchScore, BenchScoreAction>(
            reducer: combineReducers(
                forKey(\BenchScore.home) { home, action in action == .home ? home &+ 1 : home },
                forKey(\BenchScore.away) { away, action in action == .away ? away &+ 1 : away }
            ),
            initialState: BenchScore()
        )
        let observed = ObservedTotal()
        let token = store.observe { [pointer = observed.pointer] in pointer.pointee &+= $0.home }
        let nanos = medianNanoseconds(operations: operations) {
            for index in 0..<operations { store.dispatch(index & 1 == 0 ? .home : .away) }
        }
        token.cancel()
        precondition(store.currentState.home == 10 * operations / 2, "store dispatch lost actions")
        blackHole(observed.value)
        report("core: store dispatch (2 reducers), 1 observer", nanoseconds: nanos,
               baselineName: "reduce loop", baselineNanoseconds: baseline)
    }
}

/// Asynchronous cases: each action's effect is a `run` task; measured through to the reduced state.
@MainActor func runCoreAsyncBenchmarks() async {
    // name, delivery, actions, actions sent at once before awaiting them
    let cases: [(String, BenchCounter.Delivery, Int, Int)] = [
        ("core: async-effect dispatch (run), 1 observer", .run, 20_000, 100),
        ("core: async-effect dispatch (run, suspends once)", .runSuspendingOnce, 20_000, 100),
        ("core: async-effect dispatch (run), one at a time", .run, 2_000, 1),
    ]
    let selected = cases.filter { shouldRun($0.0) }
    guard !selected.isEmpty else { return }
    let baseline = measureBaseline(operations: 1_000_000)
    for (name, delivery, operations, inFlight) in selected {
        let nanos = await measureAsyncDispatch(delivery, operations: operations, inFlight: inFlight)
        report(name, nanoseconds: nanos, baselineName: "reduce loop", baselineNanoseconds: baseline)
    }
}

/// Sends `operations` actions to a counter whose effects use `delivery`, in batches of `inFlight`
/// actions sent at once, each batch awaited to its last reduction; the median ns per action.
@MainActor
private func measureAsyncDispatch(_ delivery: BenchCounter.Delivery, operations: Int, inFlight: Int) async -> Double {
    let scheduler = Scheduler()
    let counter = BenchCounter(delivery: delivery, scheduler: scheduler)
    let observed = ObservedTotal()
    let token = counter.observe { [pointer = observed.pointer] in pointer.pointee &+= $0.value }
    let nanos = await medianNanoseconds(operations: operations) {
        for batch in stride(from: 0, to: operations, by: inFlight) {
            for index in batch..<batch + inFlight { counter.send(actionPattern[index & 3]) }
            try? await scheduler.waitUntilQuiescent(limit: .seconds(60))
        }
    }
    token.cancel()
    precondition(counter.currentState.value == 10 * operations / 2, "async dispatch lost actions")
    blackHole(observed.value)
    return nanos
}
