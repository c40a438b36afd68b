import StateDiff

/// Estimates the memory a time-travel snapshot keeps alive, for the history's byte budget.
///
/// A state that adopts `StorageFootprint` (the board's `ChunkedList`) says exactly what one
/// snapshot holds that another does not share. Any other state is estimated from its encoded
/// size, as if it shared nothing: encoded once every ``SampledEncodingFootprint/sampleInterval``
/// snapshots, the estimate reused in between (so a small state's snapshot costs a counter, not
/// an encoding).
@MainActor
@usableFromInline
class SnapshotFootprint {
    /// About how many bytes `state` holds that `other` (a state of the same type) does not share.
    func bytes(of state: Any, notSharedWith other: Any) -> Int { 0 }

    /// Whether ``bytes(of:notSharedWith:)`` depends on `other` (false: an estimate of `state` alone,
    /// which the timeline then asks once per snapshot).
    var dependsOnOthers: Bool { true }
}

/// The footprint of a `StorageFootprint` state: what the state itself says.
final class SharedStorageFootprint<State: StorageFootprint>: SnapshotFootprint {
    override func bytes(of state: Any, notSharedWith other: Any) -> Int {
        (state as! State).bytesNotShared(with: other as! State)
    }
}

/// The footprint of any other `Encodable` state: its encoded size, sampled.
final class SampledEncodingFootprint<State: Encodable>: SnapshotFootprint {
    /// How many snapshots share one measured estimate.
    static var sampleInterval: Int { 256 }
    private var calls = 0
    private var estimate = 0

    override var dependsOnOthers: Bool { false }

    override func bytes(of state: Any, notSharedWith other: Any) -> Int {
        if calls % Self.sampleInterval == 0 {
            let encoded = try? StateValue(encoding: state as! State)
            estimate = MemoryLayout<State>.size + (encoded?.approximateByteCount ?? 0)
        }
        calls &+= 1
        return estimate
    }
}

/// The footprint estimator for snapshots of states of type `State`.
@MainActor
@usableFromInline
func makeSnapshotFootprint<State: Encodable>(for type: State.Type) -> SnapshotFootprint {
    if let shared = type as? any StorageFootprint.Type { return makeSharedFootprint(shared) }
    return SampledEncodingFootprint<State>()
}

@MainActor
private func makeSharedFootprint<State: StorageFootprint>(_ type: State.Type) -> SnapshotFootprint {
    SharedStorageFootprint<State>()
}
