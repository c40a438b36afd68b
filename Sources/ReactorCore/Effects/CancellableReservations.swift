/// The cancellable parts of an effect task, registered when the task is created rather than when
/// its body reaches them.
///
/// In `.concatenate(.just(a), search.cancellable(id: x), .just(b))` the search runs only after
/// the task starts and `a` is through; a `.cancel(id: x)` (or a `cancelInFlight` under `x`) sent
/// in between must still reach it. So when an effect task is created, each `cancellable` node it
/// holds gets a reservation under its id, and a cancellation by id marks the reservations too: the
/// body then skips a part whose reservation was cancelled, and the concatenation goes on with its
/// next element, as if the part had been cancelled while running. A part's `cancelInFlight` takes
/// effect when the task is created, too, so it never cancels an effect created after it.
///
/// The units a task spawns for its parts (a `merge`'s elements, a `cancellable`'s body) share its
/// reservations, so parts nested in them are registered early as well.
@MainActor
@usableFromInline
final class CancellableReservations {
    @MainActor
    @usableFromInline
    final class Reservation {
        /// The `cancellable` node (its box's identity), and its id.
        @usableFromInline let node: ObjectIdentifier
        @usableFromInline let id: AnyHashable
        @usableFromInline let cancelsInFlight: Bool
        @usableFromInline var isCancelled = false
        @usableFromInline var isTaken = false

        @usableFromInline
        init(node: ObjectIdentifier, id: AnyHashable, cancelsInFlight: Bool) {
            self.node = node
            self.id = id
            self.cancelsInFlight = cancelsInFlight
        }
    }

    /// In the order the body reaches them (depth first, elements in order).
    @usableFromInline let reservations: [Reservation]
    /// The unit whose effect they were collected from (its child units share them).
    @usableFromInline weak var owner: EffectUnit?

    /// Whether no cancellation can change them any more: every part has started or been
    /// cancelled, or the effect has ended.
    var isSettled: Bool {
        guard let owner, owner.isLive else { return true }
        return reservations.allSatisfy { $0.isTaken || $0.isCancelled }
    }

    @usableFromInline
    init(_ reservations: [Reservation]) {
        self.reservations = reservations
    }

    /// The reservations of the `cancellable` parts of `effect`; nil when it has none.
    @inlinable
    static func collect<Output>(in effect: Effect<Output>) -> CancellableReservations? {
        var found: [Reservation] = []
        collect(in: effect, into: &found)
        return found.isEmpty ? nil : CancellableReservations(found)
    }

    @inlinable
    static func collect<Output>(in effect: Effect<Output>, into found: inout [Reservation]) {
        switch effect.kind {
        case .none, .just, .sequence, .run, .delayedOutputs:
            return
        case .concatenate(let elements):
            for element in elements { collect(in: element, into: &found) }
        case .composite(let composite):
            switch composite.node {
            case .merge(let elements):
                for element in elements { collect(in: element, into: &found) }
            case .delay(_, let inner):
                collect(in: inner, into: &found)
            case .cancellable(let id, let cancelInFlight, let inner):
                found.append(Reservation(node: ObjectIdentifier(composite), id: id, cancelsInFlight: cancelInFlight))
                collect(in: inner, into: &found)
            case .cancel:
                return
            }
        }
    }

    /// Marks the reservations under `id` not yet taken as cancelled.
    @usableFromInline
    func cancel(id: AnyHashable) {
        for reservation in reservations where !reservation.isTaken && reservation.id == id {
            reservation.isCancelled = true
        }
    }

    /// The first reservation of `node` not yet taken, now taken (its part is starting).
    @inlinable
    func take(_ node: AnyObject) -> Reservation? {
        let identity = ObjectIdentifier(node)
        for reservation in reservations where !reservation.isTaken && reservation.node == identity {
            reservation.isTaken = true
            return reservation
        }
        return nil
    }
}
