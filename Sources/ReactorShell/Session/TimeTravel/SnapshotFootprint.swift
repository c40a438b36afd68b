import StateDiff

/// Estimates the memory a time-travel state of type `State` keeps alive, for the history's byte
/// budget.
///
/// A state that adopts `StorageFootprint` (the board's `ChunkedList`) says exactly what one
/// state holds that another does not share. Any other state is estimated from its encoded
/// size, as if it shared nothing (``EncodedSizeFootprint``; the timeline asks for it once every
/// `Timeline.sampleInterval` points, so a small state's snapshot costs a copy, not an encoding).
@MainActor
@usableFromInline
class SnapshotFootprint<State> {
    /// About how many bytes `state` holds that `other` does not share.
    @usableFromInline
    func bytes(of state: State, notSharedWith other: State) -> Int { 0 }

    /// Whether ``bytes(of:notSharedWith:)`` depends on `other` (false: an estimate of `state` alone,
    /// which the timeline then asks once per state saved).
    @usableFromInline
    var dependsOnOthers: Bool { true }

    @usableFromInline
    init() {}
}

/// The footprint of a `StorageFootprint` state: what the state itself says.
final class SharedStorageFootprint<State: StorageFootprint>: SnapshotFootprint<State> {
    override func bytes(of state: State, notSharedWith other: State) -> Int {
        state.bytesNotShared(with: other)
    }
}

/// The footprint of any other `Encodable` state: its encoded size (which the timeline measures
/// once every `Timeline.sampleInterval` points, reusing it in between).
final class EncodedSizeFootprint<State: Encodable>: SnapshotFootprint<State> {
    override var dependsOnOthers: Bool { false }

    override func bytes(of state: State, notSharedWith other: State) -> Int {
        let encoded = try? StateValue(encoding: state)
        return MemoryLayout<State>.size + (encoded?.approximateByteCount ?? 0)
    }
}

/// The footprint estimator for time-travel states of type `State`.
@MainActor
@usableFromInline
func makeSnapshotFootprint<State: Encodable>(for type: State.Type) -> SnapshotFootprint<State> {
    if let shared = type as? any StorageFootprint.Type { return makeSharedFootprint(shared, as: State.self) }
    return EncodedSizeFootprint<State>()
}

/// The footprint of `Shared`, a `StorageFootprint` type found to be `State` (opened once here).
@MainActor
private func makeSharedFootprint<Shared: StorageFootprint, State>(_ type: Shared.Type, as: State.Type) -> SnapshotFootprint<State> {
    // `Shared` is `State`: the cast only restates it.
    SharedStorageFootprint<Shared>() as! SnapshotFootprint<State>
}
