import Testing
@testable import ReactorCore

/// Effect tasks, observation tokens and source subscriptions reach a runtime through its
/// `RuntimeHandle`, which is not a weak reference (that would put every retain of the runtime on
/// the slow path): the runtime's deinit clears it. These pin that clearing down.
@MainActor
struct RuntimeHandleTests {
    @Test func aReleasedRuntimeClearsItsHandle() {
        var handle: RuntimeHandle<ScriptedReactor>?
        do {
            let reactor = ScriptedReactor(scheduler: .virtual()) { _ in .none }
            _ = reactor.currentState
            handle = reactor.runtime.handle
            #expect(handle?.runtime === reactor.runtime)
        }
        #expect(handle != nil)
        #expect(handle?.runtime == nil, "the handle still names a freed runtime")
    }

    @Test func tokensEndedAfterTheirReactorIsGoneDoNothing() {
        var tokens: [ObservationToken] = []
        weak var weakReactor: ScriptedReactor?
        do {
            let reactor = ScriptedReactor(scheduler: .virtual()) { _ in .just(.add(1)) }
            tokens.append(reactor.observe { _ in })
            tokens.append(reactor.observeRuntimeEvents { _ in })
            reactor.send(.go(0))
            weakReactor = reactor
        }
        #expect(weakReactor == nil)
        // Each token's cancellation goes through the handle to a runtime that is gone.
        for token in tokens { token.cancel() }
        #expect(tokens.allSatisfy { !$0.isActive })
        tokens.removeAll()
    }

    @Test func aSourceElementAfterTheReactorIsGoneIsDropped() {
        let service = EventSource<String>()
        var handle: RuntimeHandle<ListReactor>?
        do {
            let reactor = ListReactor(service: service)
            _ = reactor.currentState
            handle = reactor.runtime.handle
            service.publish("first")
            #expect(reactor.currentState.items == ["first"])
        }
        #expect(handle?.runtime == nil)
        service.publish("second")
        #expect(service.subscriberCount == 0)
    }
}
