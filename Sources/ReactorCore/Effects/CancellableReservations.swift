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
/// A part cancelled before it started is reported all the same (the runtime gives it an effect
/// number when it is cancelled and reports it `cancelledBeforeStart`, its only event); the parts inside it
/// never run either, and are not reported.
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
        /// How many reservations follow it for the parts nested in it (they run only inside it).
        @usableFromInline var nestedCount = 0

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
                let reservation = Reservation(node: ObjectIdentifier(composite), id: id, cancelsInFlight: cancelInFlight)
                found.append(reservation)
                let nestedStart = found.count
                collect(in: inner, into: &found)
                reservation.nestedCount = found.count - nestedStart
            case .cancel:
                return
            }
        }
    }

    /// Marks the reservations under `id` neither taken nor cancelled yet as cancelled, and the
    /// ones nested in them, whose parts will never run now; `cancelled` is called with each of the
    /// former, not the nested ones.
    @usableFromInline
    func cancel(id: AnyHashable, _ cancelled: (Reservation) -> Void) {
        var index = 0
        while index < reservations.count {
            let reservation = reservations[index]
            index += 1
            guard !reservation.isTaken, !reservation.isCancelled, reservation.id == id else { continue }
            reservation.isCancelled = true
            cancelled(reservation)
            for nested in reservations[index..<(index + reservation.nestedCount)] { nested.isCancelled = true }
            index += reservation.nestedCount
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
