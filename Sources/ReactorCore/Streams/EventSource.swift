/// A main-actor broadcast channel: ``publish(_:)`` delivers an event synchronously to every
/// current subscriber, in subscription order.
///
/// Services publish through it, and a reactor merges it into its pipeline with
/// ``Flow/merge(_:)-(EventSource<Element>)`` in `transform(mutation:)` or `transform(action:)`. Such a merge is a
/// subscription, not an effect: it never counts as work in progress.
@MainActor
public final class EventSource<Event> {
    private var subscribers: [(id: Int, receive: @MainActor (Event) -> Void)] = []
    private var nextID = 0

    /// Creates a channel without subscribers.
    public init() {}

    /// The number of current subscribers.
    public var subscriberCount: Int { subscribers.count }

    /// Delivers `event` to every current subscriber, synchronously.
    public func publish(_ event: Event) {
        for subscriber in subscribers {
            subscriber.receive(event)
        }
    }

    /// Calls `receive` with every event published from now on, until the token is cancelled or released.
    public func subscribe(_ receive: @escaping @MainActor (Event) -> Void) -> ObservationToken {
        nextID += 1
        let id = nextID
        subscribers.append((id, receive))
        return ObservationToken { [weak self] in
            self?.subscribers.removeAll { $0.id == id }
        }
    }

    /// A flow of this source's events, to merge into a reactor's pipeline.
    public var flow: Flow<Event> {
        Flow(source: self)
    }

    /// A flow of this source's events, each transformed by `transform`.
    public func map<Element>(_ transform: @escaping @MainActor (Event) -> Element) -> Flow<Element> {
        Flow(source: self) { transform($0) }
    }

    /// A flow of this source's events transformed by `transform`, dropping those mapped to nil.
    public func compactMap<Element>(_ transform: @escaping @MainActor (Event) -> Element?) -> Flow<Element> {
        Flow(source: self, transform)
    }
}
