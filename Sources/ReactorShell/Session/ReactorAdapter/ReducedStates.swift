import ReactorCore
import StateDiff

/// The new states of a reactor's reductions, kept from the moment its observer writes a reduction
/// to the journal until the journal is drained (``ShellReactorState/forgetReducedStates()``);
/// while effects are in flight the last one stays, first, until the next drain, so that the state
/// before each reduction of a step is at the slot before its own (the live view's history keeps it
/// when the step changes the reactor again).
@MainActor
@usableFromInline
final class ReducedStates<State> {
    // Exempt from dynamic exclusivity checks (two a reduction otherwise): main-actor state, touched
    // only by the handle's closures, one after the other.
    @usableFromInline @exclusivity(unchecked) var states: [State] = []

    @usableFromInline
    init() {}

    /// Keeps `state`; returns its slot.
    @inlinable
    func keep(_ state: State) -> Int {
        states.append(state)
        return states.count - 1
    }

    /// `describe` applied to the state in `slot`, or to `reactor`'s current state when `slot` is -1.
    @inlinable
    func describe<R: Reactor>(
        _ slot: Int, of reactor: R, with describe: (State) -> StateValue
    ) -> StateValue where R.State == State {
        slot < 0 ? describe(reactor.currentState) : describe(states[slot])
    }

    /// Lets go of every state kept (the storage stays for the next ones). Inlinable, so that it is
    /// specialized for the state's type in the handle's closure (a drain usually frees one).
    @inlinable
    func forgetAll() {
        if states.count <= 8 {
            while !states.isEmpty { states.removeLast() }
        } else {
            states.removeAll(keepingCapacity: true)
        }
    }

    /// Lets go of every state kept but the last, which moves to the first slot (the live view's
    /// history, while effects are in flight: the state before the step's next reduction).
    @inlinable
    func forgetAllButLast() {
        guard let last = states.last else { return }
        states[0] = last
        while states.count > 1 { states.removeLast() }
    }
}
