/// One of ReactorCore's two doors to unchecked code (the other is ``UncheckedCell``): a
/// reference that does not retain its object, and that lends it to a call without retaining it.
///
/// Why: the runtime calls its observers and reaches an effect's runtime several times a line; a
/// strong or `weak` reference pays a retain and a release each time (the slow path, once an
/// object has a side table). Borrowed through this reference a dispatch costs 74 instructions
/// instead of 139 (docs/performance.md, "What was learned").
///
/// Safe because each holder keeps the object alive by other means for as long as it uses the
/// reference: the runtime's observer lists own the observers they list (cancelled ones are
/// dropped only outside a notification), a live effect's runtime unlinks its units in its
/// deinit, and a runtime's handle is cleared first thing in the runtime's deinit. Pinned by
/// ReentrancyTests, LifetimeTests, RuntimeHandleTests and EffectTaskTests.
@usableFromInline
struct Unretained<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    /// A reference to `object` that does not retain it.
    @inlinable
    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// A reference to `object` that does not retain it; nil for nil.
    @inlinable
    init?(_ object: Object?) {
        guard let object else { return nil }
        reference = .passUnretained(object)
    }

    @inlinable
    init(_ reference: Unmanaged<Object>) {
        self.reference = reference
    }

    /// The object (the caller retains it as it needs).
    @inlinable
    var object: Object { reference.takeUnretainedValue() }

    /// Calls `body` with the object, neither retained nor released. Nonisolated, as the
    /// standard library's borrow is: a main-actor caller calls main-actor code in `body`.
    @inlinable
    func borrow<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// The same reference as one to `type`, which the object is known to be (no check).
    @inlinable
    func assumingType<Other: AnyObject>(_ type: Other.Type) -> Unretained<Other> {
        Unretained<Other>(Unmanaged<Other>.fromOpaque(reference.toOpaque()))
    }
}

extension Unretained: Equatable {
    @inlinable
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.reference.toOpaque() == rhs.reference.toOpaque() }
}

/// `object` as `type`, which it is known to be: a reinterpretation, no check (see
/// `Reactor.runtimeOwner`, whose runtime checks the reactor's class once, when it is set up).
@inlinable
func assumingType<Object: AnyObject, Other: AnyObject>(_ object: Object, _ type: Other.Type) -> Other {
    unsafeDowncast(object, to: type)
}
