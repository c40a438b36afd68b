/// Keeps an observation or subscription alive; cancelling it (or letting it go) ends it.
@MainActor
public final class ObservationToken {
    private var onCancel: (@MainActor () -> Void)?

    /// Creates a token that runs `onCancel` once, on ``cancel()`` or when the token is released.
    public init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Ends the observation. Calling it again does nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// True until ``cancel()`` was called.
    public var isActive: Bool { onCancel != nil }

    /// Keeps the token alive as long as `bag` lives.
    public func store(in bag: inout [ObservationToken]) {
        bag.append(self)
    }

    isolated deinit {
        cancel()
    }
}
