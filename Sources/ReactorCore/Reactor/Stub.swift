/// ReactorKit's `Stub` for view tests: with stubbing on, sent actions are recorded and not
/// processed, and the test sets the state the view should show.
@MainActor
public final class Stub<R: Reactor> {
    private weak var reactor: R?
    private let runtime: ReactorRuntime<R>

    /// The actions sent while stubbing was on, in order.
    public private(set) var actions: [R.Action] = []

    init(reactor: R, runtime: ReactorRuntime<R>) {
        self.reactor = reactor
        self.runtime = runtime
    }

    /// Turns stubbing on or off.
    public var isEnabled: Bool {
        get { runtime.isStubbed }
        set { runtime.isStubbed = newValue }
    }

    /// The last action recorded, if any.
    public var lastAction: R.Action? { actions.last }

    /// The reactor's current state; setting it replaces the state and notifies observers.
    public var state: R.State {
        get { reactor.map { runtime.currentState(of: $0) } ?? runtime.shownState }
        set {
            guard let reactor else { return }
            runtime.restore(newValue, reactor: reactor)
        }
    }

    /// Forgets the recorded actions.
    public func clearActions() {
        actions.removeAll()
    }

    func record(_ action: R.Action) {
        actions.append(action)
    }
}

extension ReactorRuntime {
    /// The raw initial state of a reactor not set up yet, for its stub.
    func prepareStubState(_ reactor: R) {
        if state == nil { state = reactor.initialState }
    }

    func stub(for reactor: R) -> Stub<R> {
        if let stubStorage { return stubStorage }
        // ReactorKit's stub starts from the raw `initialState`: no hook of the reactor runs.
        if !isBound { prepareStubState(reactor) }
        let created = Stub(reactor: reactor, runtime: self)
        stubStorage = created
        return created
    }
}
