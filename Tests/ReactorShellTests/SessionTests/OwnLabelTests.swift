import ReactorCore
import Testing
@testable import ReactorShell

/// A reactor whose action and mutation label themselves differently from what reflection gives.
private final class OwnLabelReactor: Reactor {
    enum Action: Sendable, CustomMutationLabel {
        case bump(Int)
        var mutationLabel: String {
            switch self {
            case .bump(let amount): MutationLabel.build(capacity: 32) { $0.append("press<"); $0.append(amount); $0.append(">") }
            }
        }
    }
    enum Mutation: Sendable, CustomMutationLabel {
        case add(Int)
        var mutationLabel: String {
            switch self {
            case .add(let amount): "plus \(amount)"
            }
        }
    }
    struct State: Encodable, Sendable { var total = 0 }

    let initialState = State()
    let runtime = ReactorRuntime<OwnLabelReactor>()

    func mutate(action: Action) -> Effect<Mutation> {
        switch action {
        case .bump(let amount): .just(.add(amount))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let amount): state.total += amount
        }
        return state
    }
}

@MainActor
@Suite("Own labels")
struct OwnLabelTests {
    @Test func theShellAsksATypeThatLabelsItselfInsteadOfReflecting() {
        let scheduler = Scheduler.virtual()
        let handle = ReactorHandle(
            name: "own", reactor: OwnLabelReactor(), commands: [],
            context: SceneContext(scheduler: scheduler, configuration: .init()))
        let journal = SceneJournal(scheduler: scheduler)
        handle.recordEvents(into: journal, as: 0)
        handle.reactor.send(.bump(-3))
        var events: [String] = []
        journal.drain { event, text in
            switch event.kind {
            case .action: events.append("action " + text)
            case .reduction: events.append("mutation " + text)
            case .effect: break
            }
        }
        #expect(events == ["action press<-3>", "mutation plus -3"])
        #expect(MutationLabel.describe(OwnLabelReactor.Mutation.add(1), limit: 80) == "plus 1")
    }

    @Test func anOwnLabelIsCutToTheLimitLikeAReflectedOne() {
        let labeler = MutationLabeler(limit: 6)
        let own = customLabel(for: OwnLabelReactor.Action.self)
        #expect(own != nil)
        #expect(customLabel(for: Int.self) == nil)
        #expect(labeler.label(for: OwnLabelReactor.Action.bump(12345), own: own) == "press…")
        // The second time comes from the cache, the same text.
        #expect(labeler.label(for: OwnLabelReactor.Action.bump(12345), own: own) == "press…")
        #expect(labeler.label(for: OwnLabelReactor.Action.bump(1), own: own) == "press…")
        #expect(MutationLabeler(limit: 80).label(for: OwnLabelReactor.Action.bump(1), own: own) == "press<1>")
    }
}
