/// The function an ``Effect/run(_:)`` body calls to emit outputs.
///
/// Sending is synchronous: the output is reduced before `send` returns (or queued, if the reactor
/// is busy reducing). After the effect was cancelled or ended, sends are dropped.
@MainActor
public struct Send<Output> {
    /// The clock of the scheduler running this effect; sleep on it to wait in the effect's time.
    public let clock: any ReactorClock
    private let deliver: @MainActor (Output) -> Void
    /// The effect unit whose outputs these are; they pass only while it accepts them.
    private let unit: EffectUnit?

    /// Creates a send function that hands outputs to `deliver`.
    public init(clock: any ReactorClock, deliver: @escaping @MainActor (Output) -> Void) {
        self.clock = clock
        self.deliver = deliver
        self.unit = nil
    }

    /// The send function of an effect task: outputs pass while `unit` accepts them and its task
    /// is not cancelled (without a closure of its own around `deliver`).
    @usableFromInline
    init(clock: any ReactorClock, unit: EffectUnit, deliver: @escaping @MainActor (Output) -> Void) {
        self.clock = clock
        self.deliver = deliver
        self.unit = unit
    }

    /// Emits `output`.
    public func callAsFunction(_ output: Output) {
        if let unit, !unit.acceptsOutput || Task.isCancelled { return }
        deliver(output)
    }

    /// Emits each of `outputs` in order.
    public func callAsFunction(contentsOf outputs: [Output]) {
        for output in outputs { callAsFunction(output) }
    }
}
