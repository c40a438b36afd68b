/// How a scene's journal tells the session's runner that events arrived outside a line (an
/// effect's result at the prompt, or during a line's wait) without calling the runner: the journal
/// signals, the runner awaits ``signals`` and drains the journal on the main actor's next turn.
/// One for the session, which each scene's journal signals; the signals of a burst make one.
@MainActor
final class LateEventSignal {
    /// A value for the signals not awaited yet.
    let signals: AsyncStream<Void>
    private let input: AsyncStream<Void>.Continuation

    init() {
        (signals, input) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Says that events wait in a journal.
    func signal() {
        input.yield()
    }
}
