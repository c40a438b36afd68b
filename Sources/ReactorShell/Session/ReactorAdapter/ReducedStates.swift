/// The new states of a reactor's reductions, kept from the moment its observer writes a reduction
/// to the journal until the journal is drained (``ShellReactorState/forgetReducedStates()``);
/// while effects are in flight the last one stays, first, until the next drain, so that the state
/// before each reduction of a step is at the slot before its own (the live view's history keeps it
/// when the step changes the reactor again).
///
/// The handle's closures share it in an ``ExemptFields`` (two dynamic exclusivity checks a
/// reduction otherwise): main-actor state, touched by those closures one after the other.
@MainActor
@usableFromInline
struct ReducedStates<State> {
    @usableFromInline var states: [State] = []

    @inlinable
    init() {}

    /// Keeps `state`; returns its slot.
    @inlinable
    mutating func keep(_ state: State) -> Int {
        states.append(state)
        return states.count - 1
    }

    /// Lets go of every state kept (the storage stays for the next ones). Inlinable, so that it is
    /// specialized for the state's type in the handle's closure (a drain usually frees one).
    @inlinable
    mutating func forgetAll() {
        if states.count <= 8 {
            while !states.isEmpty { states.removeLast() }
        } else {
            states.removeAll(keepingCapacity: true)
        }
    }

    /// Lets go of every state kept but the last, which moves to the first slot (the live view's
    /// history, while effects are in flight: the state before the step's next reduction).
    @inlinable
    mutating func forgetAllButLast() {
        guard let last = states.last else { return }
        states[0] = last
        while states.count > 1 { states.removeLast() }
    }
}
