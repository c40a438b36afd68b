/// The function an ``Effect/run(_:)`` body calls to emit outputs.
///
/// Sending is synchronous: the output is reduced before `send` returns (or queued, if the reactor
/// is busy reducing). After the effect was cancelled or ended, sends are dropped.
@MainActor
public struct Send<Output> {
    /// The clock of the scheduler running this effect; sleep on it to wait in the effect's time.
    public let clock: any ReactorClock
    private let delivery: Delivery

    /// Where outputs go.
    private enum Delivery {
        /// To a function, as they are.
        case plain(@MainActor (Output) -> Void)
        /// From an effect unit: only while it accepts them and its task is not cancelled.
        case unit(EffectUnit, EffectDelivery<Output>)
    }

    /// Creates a send function that hands outputs to `deliver`.
    public init(clock: any ReactorClock, deliver: @escaping @MainActor (Output) -> Void) {
        self.clock = clock
        self.delivery = .plain(deliver)
    }

    /// The send function of the task of `unit`: outputs pass while `unit` accepts them and its
    /// task is not cancelled.
    @usableFromInline
    init(clock: any ReactorClock, unit: EffectUnit, deliver: @escaping EffectDelivery<Output>) {
        self.clock = clock
        self.delivery = .unit(unit, deliver)
    }

    /// Emits `output`.
    public func callAsFunction(_ output: Output) {
        switch delivery {
        case .plain(let deliver):
            deliver(output)
        case .unit(let unit, let deliver):
            if !unit.hasEnded && !unit.isCancelledWithTask { deliver(output, unit) }
        }
    }

    /// Emits each of `outputs` in order.
    public func callAsFunction(contentsOf outputs: [Output]) {
        for output in outputs { callAsFunction(output) }
    }
}
