import Synchronization

// StateDiff's door to the memory of values (the other door, TextBuffer.swift, holds the bytes of
// text): the encoder's frames and storage kept in memory of their own, its pool of sessions held
// by unmanaged references, a value of a known type read through a raw pointer, and two values
// compared by their bits. Nothing outside this file makes or reads a pointer to a value; the
// encoder and the differ call the safe types and functions below.
//
// Why: the many small writes an encoding makes are plain memory accesses, without the uniqueness
// checks of an array or the exclusivity checks of a class's stored property; a session is taken
// out of the pool and put back with one atomic exchange each way, without a retain and release; a
// `StateValueConvertible` value is described without a dynamic cast; and the differ decides an
// unchanged field (same number, same string storage) without copying either value out.
//
// Safe because a session is used by one thread at a time (the pool hands it out once), no storage
// access is open while user code (`encode(to:)`, `stateValue`) runs, and the describer of a type is
// only ever called with a value of that type. Pinned by EncoderInternalsTests (frames, their reuse
// and errors), EncoderReuseTests (sessions reused, nested encodings, several threads at once),
// EncodingTests and OptionalLeafEncodingTests (encoded values), RecycledFieldsTests, and
// DiffTests and PropertyTests (diffs of random states against a slow reference).

/// The frames of a session, in memory of their own: a frame is read and written in place,
/// without the uniqueness checks of an array.
struct FrameArena {
    private var base: UnsafeMutablePointer<EncodingFrame>
    private(set) var count = 0
    private var capacity = 8

    init() {
        base = .allocate(capacity: capacity)
    }

    /// Frees the frames (the arena is not used afterwards).
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    subscript(slot: Int) -> EncodingFrame {
        unsafeAddress { UnsafePointer(base + slot) }
        unsafeMutableAddress { base + slot }
    }

    mutating func append(_ frame: EncodingFrame) {
        if count == capacity {
            let larger = UnsafeMutablePointer<EncodingFrame>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: frame)
        count += 1
    }
}

/// A value in memory of its own, read and written in place: a session's storage, without the
/// exclusivity check each access to a class's stored property gets.
struct InPlaceValue<Value>: ~Copyable {
    private let address: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
    }

    deinit {
        address.deinitialize(count: 1)
        address.deallocate()
    }

    var value: Value {
        unsafeAddress { UnsafePointer(address) }
        nonmutating unsafeMutableAddress { address }
    }
}

/// The pool of encoding sessions: `StateValue(encoding:)` takes one out for the length of a call.
///
/// Two slots taken with an atomic exchange serve the usual one or two encodings at a time; more
/// wait in a locked list. Sessions are kept for good (with what they learned about types), so there
/// are at most as many as there were encodings under way at once.
extension EncodingSession {
    // The pool owns one retain of each session it holds; `acquire()` hands that retain to
    // the caller and `relinquish(_:)` gives it back.
    private static let firstSlot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private static let secondSlot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private static let spares = Mutex<[Unmanaged<EncodingSession>]>([])

    /// A session for the calling thread's exclusive use until `relinquish(_:)`.
    private static func acquire() -> Unmanaged<EncodingSession> {
        if let session = firstSlot.exchange(nil, ordering: .acquiring) { return session }
        if let session = secondSlot.exchange(nil, ordering: .acquiring) { return session }
        if let session = spares.withLock({ $0.popLast() }) { return session }
        return Unmanaged.passRetained(EncodingSession())
    }

    /// Runs `body` with a session of the pool, for the calling thread's exclusive use.
    static func withSession<Result>(_ body: (EncodingSession) throws -> Result) rethrows -> Result {
        let session = acquire()
        defer { relinquish(session) }
        return try session._withUnsafeGuaranteedRef(body)
    }

    /// Returns a session to the pool.
    private static func relinquish(_ session: Unmanaged<EncodingSession>) {
        if firstSlot.compareExchange(expected: nil, desired: session, ordering: .releasing).exchanged { return }
        if secondSlot.compareExchange(expected: nil, desired: session, ordering: .releasing).exchanged { return }
        spares.withLock { $0.append(session) }
    }
}

/// Calls `stateValue` on a value of a type known to conform to `StateValueConvertible`.
class AnyStateValueDescriber {
    /// The `stateValue` of `value`, which is of the describer's type.
    final func stateValue<T>(of value: T) -> StateValue {
        withUnsafePointer(to: value) { stateValue(at: UnsafeRawPointer($0)) }
    }

    fileprivate func stateValue(at value: UnsafeRawPointer) -> StateValue { .null }
}

private final class StateValueDescriber<Value: StateValueConvertible>: AnyStateValueDescriber {
    override func stateValue(at value: UnsafeRawPointer) -> StateValue {
        value.assumingMemoryBound(to: Value.self).pointee.stateValue
    }
}

/// A describer for `type` when it conforms to `StateValueConvertible` (asked once per type).
func makeStateValueDescriber<T>(for type: T.Type) -> AnyStateValueDescriber? {
    guard let convertible = type as? any StateValueConvertible.Type else { return nil }
    return makeDescriber(convertible)
}

private func makeDescriber<Value: StateValueConvertible>(_ type: Value.Type) -> AnyStateValueDescriber {
    StateValueDescriber<Value>()
}

/// True when two values have the same bytes, which implies they are equal (the converse
/// does not hold: equal strings may live in different storage). Compared a word at a time.
func identicalBits(_ lhs: borrowing StateValue, _ rhs: borrowing StateValue) -> Bool {
    withUnsafeBytes(of: lhs) { left in
        withUnsafeBytes(of: rhs) { right in
            var offset = 0
            while offset + 8 <= left.count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            while offset < left.count {
                if left[offset] != right[offset] { return false }
                offset += 1
            }
            return true
        }
    }
}
