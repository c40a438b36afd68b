/// One of ReactorCore's two doors to unchecked code (the other is ``Unretained``): a value kept
/// behind a pointer, so that reading and writing it costs no dynamic exclusivity check.
///
/// Why: a stored `var` of a class gets a call to `swift_beginAccess` (about 60 instructions) on
/// each access the optimizer cannot prove safe, and it can prove nothing about the fields the
/// runtime's pipeline touches, which is inlined into client modules. Held behind this cell, the
/// runtime's, the scheduler's, the virtual clock's and each effect unit's per-line fields cost
/// a plain load or store: without it a counter line costs about 3,300 instructions more
/// (docs/performance.md, "Instructions a line").
///
/// Safe because every cell belongs to a `@MainActor` object and every access is instantaneous:
/// a field is never passed `inout` across a call into reactor or observer code, so no two
/// accesses can overlap. Pinned by ReentrancyTests (observers and reducers that send, cancel and
/// observe from inside a notification), EffectTaskTests, OverlappingEffectsTests and
/// ClockAndSchedulerTests, and for the speed by the callgrind figures of docs/performance.md.
@usableFromInline
struct UncheckedCell<Value>: ~Copyable {
    @usableFromInline let pointer: UnsafeMutablePointer<Value>

    @inlinable
    init(_ value: Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The value, read and written in place.
    @inlinable
    var value: Value {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
}
