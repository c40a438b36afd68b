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
        let journal = SceneJournal(scheduler: scheduler, lateEvents: LateEventSignal())
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

    @Test func anOwnLabelWithReferencesIsCachedOnlyWhenItsTypeSaysSo() {
        let labeler = MutationLabeler()
        let counted = customLabel(for: CountedLabel.self)
        #expect(!MutationLabeler.ownLabelIsCacheable(CountedLabel.self))
        #expect(MutationLabeler.ownLabelIsCacheable(CachedCountedLabel.self))
        #expect(!MutationLabeler.ownLabelIsCacheable(Int.self))
        let text = String(repeating: "x", count: 40)  // not a small string: its bits hold a reference
        CountedLabel.asked = 0
        #expect(labeler.label(for: CountedLabel.say(text), own: counted) == "say 40")
        #expect(labeler.label(for: CountedLabel.say(text), own: counted) == "say 40")
        #expect(CountedLabel.asked == 2)
        let cached = customLabel(for: CachedCountedLabel.self)
        CountedLabel.asked = 0
        #expect(labeler.label(for: CachedCountedLabel.say(text), own: cached) == "say 40")
        #expect(labeler.label(for: CachedCountedLabel.say(text), own: cached) == "say 40")
        #expect(CountedLabel.asked == 1)
        // Another string of the same text has other bits: asked again, the same label.
        let other = String(repeating: "x", count: 40)
        #expect(labeler.label(for: CachedCountedLabel.say(other), own: cached) == "say 40")
        #expect(CountedLabel.asked == 2)
    }
}

/// A mutation with a `String` payload whose label counts how often it is asked for.
private enum CountedLabel: CustomMutationLabel {
    case say(String)
    @MainActor static var asked = 0
    var mutationLabel: String {
        switch self {
        case .say(let text):
            MainActor.assumeIsolated { Self.asked += 1 }
            return "say \(text.count)"
        }
    }
}

/// ``CountedLabel`` whose labels the shell may cache.
private enum CachedCountedLabel: CustomMutationLabel {
    case say(String)
    static var mutationLabelIsCacheable: Bool { true }
    var mutationLabel: String {
        switch self {
        case .say(let text): CountedLabel.say(text).mutationLabel
        }
    }
}
