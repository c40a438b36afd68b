/// A store's effects: registered for the store's life or for a token's, run after each reduced
/// action once state observers have seen the new state (ReCombine's order), and run on the actions
/// a stubbed store records (ReCombine's `MockStore`), so an effect can be tested without reducing.
extension Store {
    /// The cancellation id under which the asynchronous work of the effect registered as `number`
    /// runs, so that ending its registration cancels that work.
    struct EffectRegistration: Hashable, Sendable {
        let number: Int
    }

    /// Adds an effect; it sees the actions dispatched from now on, until the returned token is
    /// cancelled or released (ReCombine's `register(_:)` and its `AnyCancellable`). Ending it also
    /// cancels the effect's asynchronous work still in flight. Keep the token.
    public func register(_ effect: StoreEffect<State, Action>) -> ObservationToken {
        let number = add(effect)
        return ObservationToken { [weak self] in self?.unregister(number) }
    }

    @discardableResult
    func add(_ effect: StoreEffect<State, Action>) -> Int {
        lastEffectNumber += 1
        effects.append((lastEffectNumber, effect))
        if runtime.reductionFollower == nil {
            runtime.reductionFollower = { [weak self] actionID, action, state in
                self?.runEffects(after: action, state: state, actionID: actionID)
            }
            runtime.stubbedActionFollower = { [weak self] action in
                self?.runEffectsOnStubbed(action)
            }
        }
        return lastEffectNumber
    }

    func unregister(_ number: Int) {
        effects.removeAll { $0.number == number }
        runtime.cancelEffects(id: AnyHashable(EffectRegistration(number: number)), by: nil)
    }

    /// Runs the effects registered now on `action`, whose reduction gave `state`.
    func runEffects(after action: Action, state: State, actionID: Int?) {
        for (number, effect) in effects {
            switch effect.body {
            case .nonDispatching(let body):
                body(action, state)
            case .dispatching(let body):
                let output = Self.bound(body(action, state), to: EffectRegistration(number: number))
                let sink = EffectSink<Action>(
                    inline: { [weak self] next in self?.send(next) },
                    later: { [weak self] next, _ in self?.send(next) }
                )
                runtime.start(output, actionID: actionID, sink: sink)
            }
        }
    }

    /// A stubbed store's effects see each recorded action with the stubbed state; what they
    /// dispatch is recorded in turn (and seen by them), breadth-first like live dispatches.
    func runEffectsOnStubbed(_ action: Action) {
        stubbedActionsToRun.append(action)
        guard !isRunningStubbedEffects else { return }
        isRunningStubbedEffects = true
        defer { isRunningStubbedEffects = false }
        var index = 0
        while index < stubbedActionsToRun.count {
            runEffects(after: stubbedActionsToRun[index], state: currentState, actionID: nil)
            index += 1
        }
        stubbedActionsToRun.removeAll()
    }

    /// `effect` with the parts that run later made cancellable under `registration`; the
    /// synchronous parts (a `just`, a concatenation's synchronous prefix) still run inline.
    static func bound(_ effect: Effect<Action>, to registration: EffectRegistration) -> Effect<Action> {
        if effect.isSynchronous { return effect }
        switch effect.kind {
        case .concatenate(let elements):
            guard let firstWaiting = elements.firstIndex(where: { !$0.isSynchronous }), firstWaiting > 0 else {
                return effect.cancellable(id: registration)
            }
            return .concatenate(Array(elements[..<firstWaiting]) + [
                Effect.concatenate(Array(elements[firstWaiting...])).cancellable(id: registration),
            ])
        case .composite(let composite):
            if case .merge(let elements) = composite.node {
                return .merge(elements.map { bound($0, to: registration) })
            }
            return effect.cancellable(id: registration)
        default:
            return effect.cancellable(id: registration)
        }
    }
}
