/// What `mutate(action:)` returns: the mutations an action produces, now or over time.
///
/// Synchronous effects (``none``, ``just(_:)``, ``sequence(_:)`` and concatenations or merges of
/// them) run inline when the action is sent: no task, no thread hop. An effect becomes a task only
/// where it has to wait (``run(_:)``, ``delay(_:_:)``), and only from that point on.
public struct Effect<Output> {
    /// The cheap cases inline, and a plain `run` (the common asynchronous effect), a
    /// concatenation and a delay of plain outputs inline too, so that making one allocates no node
    /// (whose generic release looked type metadata up); everything else that may wait or nest lives
    /// in one class box.
    @usableFromInline
    enum Kind {
        case none
        case just(Output)
        case sequence([Output])
        case run(@MainActor (Send<Output>) async throws -> Void)
        /// The effects one after another.
        case concatenate([Effect<Output>])
        /// `outputs` (of `.none`, `.just` or `.sequence`), delivered after `duration`.
        case delayedOutputs(Duration, [Output])
        case composite(CompositeEffect<Output>)
    }

    @usableFromInline
    let kind: Kind

    @inlinable
    init(kind: Kind) {
        self.kind = kind
    }

    @usableFromInline
    init(_ node: CompositeEffect<Output>.Node) {
        self.kind = .composite(CompositeEffect(node))
    }

    /// No output.
    @inlinable
    public static var none: Effect { Effect(kind: .none) }

    /// One output, delivered synchronously.
    @inlinable
    public static func just(_ output: Output) -> Effect {
        Effect(kind: .just(output))
    }

    /// Several outputs, delivered synchronously in order.
    @inlinable
    public static func sequence(_ outputs: [Output]) -> Effect {
        Effect(kind: .sequence(outputs))
    }

    /// The effects one after another: each starts when the previous one ends (finished,
    /// cancelled or failed). A synchronous prefix runs inline.
    @inlinable
    public static func concatenate(_ effects: [Effect]) -> Effect {
        Effect(kind: .concatenate(effects))
    }

    /// The effects one after another (variadic form of ``concatenate(_:)-swift.type.method``).
    @inlinable
    public static func concatenate(_ effects: Effect...) -> Effect {
        Effect(kind: .concatenate(effects))
    }

    /// The effects all at once; ends when all have ended.
    public static func merge(_ effects: [Effect]) -> Effect {
        Effect(.merge(effects))
    }

    /// The effects all at once (variadic form of ``merge(_:)-swift.type.method``).
    public static func merge(_ effects: Effect...) -> Effect {
        Effect(.merge(effects))
    }

    /// An asynchronous producer: `body` runs in a main-actor task and sends outputs with `send`.
    ///
    /// The effect ends when `body` returns. An error thrown by `body` ends this effect only (what
    /// it sent stays applied) and is reported as `failed` through the runtime's event hook;
    /// `CancellationError` counts as a cancellation. Outputs sent after the effect was cancelled
    /// or ended are dropped.
    public static func run(_ body: @escaping @MainActor (Send<Output>) async throws -> Void) -> Effect {
        Effect(kind: .run(body))
    }

    /// `effect`, started after `duration` on the scheduler's clock.
    @inlinable
    public static func delay(_ duration: Duration, _ effect: Effect) -> Effect {
        effect.delayed(by: duration)
    }

    /// This effect, started after `duration` on the scheduler's clock.
    @inlinable
    public func delayed(by duration: Duration) -> Effect {
        switch kind {
        case .none: return Effect(kind: .delayedOutputs(duration, []))
        case .just(let output): return Effect(kind: .delayedOutputs(duration, [output]))
        case .sequence(let outputs): return Effect(kind: .delayedOutputs(duration, outputs))
        default: return Effect(.delay(duration, self))
        }
    }

    /// This effect, made cancellable under `id`. With `cancelInFlight`, whatever already runs under
    /// `id` in the same reactor is cancelled first. Cancelling ends only this part: an enclosing
    /// concatenation goes on with its next element.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        Effect(.cancellable(id: AnyHashable(id), cancelInFlight: cancelInFlight, self))
    }

    /// Cancels whatever runs under `id` in the same reactor; outputs nothing.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(id: AnyHashable(id)))
    }

    /// True when the effect completes inline, without a task.
    @inlinable
    var isSynchronous: Bool {
        switch kind {
        case .none, .just, .sequence:
            return true
        case .run, .delayedOutputs:
            return false
        case .concatenate(let effects):
            for effect in effects where !effect.isSynchronous { return false }
            return true
        case .composite(let composite):
            switch composite.node {
            case .cancel:
                return true
            case .merge(let effects):
                for effect in effects where !effect.isSynchronous { return false }
                return true
            case .cancellable(_, _, let inner):
                return inner.isSynchronous
            case .delay:
                return false
            }
        }
    }
}

extension Effect {
    /// This effect with every output transformed by `transform`.
    @MainActor
    public func map<NewOutput>(_ transform: @escaping @MainActor (Output) -> NewOutput) -> Effect<NewOutput> {
        switch kind {
        case .none: return .none
        case .just(let output): return .just(transform(output))
        case .sequence(let outputs): return .sequence(outputs.map(transform))
        case .run(let body):
            return .run { send in
                try await body(Send(clock: send.clock) { send(transform($0)) })
            }
        case .concatenate(let effects): return .concatenate(effects.map { $0.map(transform) })
        case .delayedOutputs(let duration, let outputs):
            return Effect<NewOutput>(kind: .delayedOutputs(duration, outputs.map(transform)))
        case .composite(let composite):
            switch composite.node {
            case .merge(let effects): return .merge(effects.map { $0.map(transform) })
            case .delay(let duration, let inner): return .delay(duration, inner.map(transform))
            case .cancellable(let id, let cancelInFlight, let inner):
                return Effect<NewOutput>(.cancellable(id: id, cancelInFlight: cancelInFlight, inner.map(transform)))
            case .cancel(let id): return Effect<NewOutput>(.cancel(id: id))
            }
        }
    }
}

/// The part of an effect that may wait or nest, boxed once.
@usableFromInline
final class CompositeEffect<Output> {
    @usableFromInline
    enum Node {
        case merge([Effect<Output>])
        case delay(Duration, Effect<Output>)
        case cancellable(id: AnyHashable, cancelInFlight: Bool, Effect<Output>)
        case cancel(id: AnyHashable)
    }

    @usableFromInline let node: Node

    @usableFromInline init(_ node: Node) {
        self.node = node
    }
}
