/// The stream a reactor's `transform(action:)` and `transform(mutation:)` receive and return.
///
/// A flow is described once, when the reactor's pipeline is set up: per-element steps
/// (``map(_:)``, ``compactMap(_:)``, ``filter(_:)``) and external sources merged in
/// (``merge(_:)-(EventSource<Element>)``). The reactor's own stream passes through the identity flow at no cost
/// per element. Merged sources are subscriptions held by the reactor: they live as long as it
/// does and never count as effect work in progress.
@MainActor
public struct Flow<Element> {
    /// A subscription function: connects a sink to an external source and returns its token.
    @usableFromInline
    typealias Connect = @MainActor (@escaping @MainActor (Element) -> Void) -> ObservationToken

    /// The steps applied to the reactor's own elements, one array per branch of the own
    /// stream (a flow may merge the own stream with a transformed copy of itself). Empty when
    /// the flow does not carry the own stream.
    @usableFromInline
    var ownBranches: [[@MainActor (Element) -> Element?]]

    /// External sources, each already composed with the steps that follow it.
    @usableFromInline
    var sources: [Connect]

    /// True for the untouched own stream: elements pass through as they are.
    @usableFromInline
    var isIdentity: Bool {
        sources.isEmpty && ownBranches.count == 1 && ownBranches[0].isEmpty
    }

    /// The reactor's own stream, untouched.
    @usableFromInline
    static var own: Flow {
        Flow(ownBranches: [[]], sources: [])
    }

    @usableFromInline
    init(ownBranches: [[@MainActor (Element) -> Element?]], sources: [Connect]) {
        self.ownBranches = ownBranches
        self.sources = sources
    }

    /// A flow with no elements.
    public static var empty: Flow {
        Flow(ownBranches: [], sources: [])
    }

    /// A flow of the events of `source`, transformed by `transform` (nil drops the event).
    public init<Event>(source: EventSource<Event>, _ transform: @escaping @MainActor (Event) -> Element?) {
        self.init(ownBranches: [], sources: [{ [source] sink in
            source.subscribe { event in
                if let element = transform(event) { sink(element) }
            }
        }])
    }

    /// A flow of the events of `source`.
    public init(source: EventSource<Element>) {
        self.init(ownBranches: [], sources: [{ [source] sink in source.subscribe(sink) }])
    }

    /// Each element replaced by `transform(element)`.
    public func map(_ transform: @escaping @MainActor (Element) -> Element) -> Flow {
        compactMap { transform($0) }
    }

    /// Each element replaced by `transform(element)`; elements mapped to nil are dropped.
    public func compactMap(_ transform: @escaping @MainActor (Element) -> Element?) -> Flow {
        Flow(
            ownBranches: ownBranches.map { $0 + [transform] },
            sources: sources.map { connect in
                { sink in connect { element in if let next = transform(element) { sink(next) } } }
            }
        )
    }

    /// Only the elements for which `isIncluded` returns true.
    public func filter(_ isIncluded: @escaping @MainActor (Element) -> Bool) -> Flow {
        compactMap { isIncluded($0) ? $0 : nil }
    }

    /// This flow's elements and those of `other`, interleaved as they arrive.
    public func merge(_ other: Flow) -> Flow {
        Flow(ownBranches: ownBranches + other.ownBranches, sources: sources + other.sources)
    }

    /// This flow's elements and the events of `source`.
    public func merge(_ source: EventSource<Element>) -> Flow {
        merge(Flow(source: source))
    }

    /// This flow's elements and the events of `source` transformed by `transform` (nil drops the event).
    public func merge<Event>(_ source: EventSource<Event>, _ transform: @escaping @MainActor (Event) -> Element?) -> Flow {
        merge(Flow(source: source, transform))
    }

    /// Runs the own-stream steps on `element`, handing each surviving result to `sink`.
    @usableFromInline
    func forEachOwnResult(of element: Element, _ sink: (Element) -> Void) {
        branches: for steps in ownBranches {
            var current = element
            for step in steps {
                guard let next = step(current) else { continue branches }
                current = next
            }
            sink(current)
        }
    }

    /// Subscribes `sink` to every merged source.
    func connectSources(_ sink: @escaping @MainActor (Element) -> Void) -> [ObservationToken] {
        sources.map { $0(sink) }
    }
}
