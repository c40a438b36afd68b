/// ReactorKit's `Pulse`: a state value whose every assignment counts as an event, even when the
/// new value equals the old one (an alert message shown twice).
///
/// Observe it with ``Reactor/observe(pulse:_:)``: the observer runs on each assignment and not
/// when other parts of the state change.
@propertyWrapper
public struct Pulse<Value> {
    // The storage is usable from inlinable code, so that an assignment in a reducer (another
    // module) is compiled for its `Value` there, not called generically through the type's
    // metadata (about 140 instructions a counter line).
    @usableFromInline var storage: Value
    @usableFromInline var updateCount: UInt = 0

    /// The value.
    @inlinable
    public var value: Value {
        get { storage }
        set {
            storage = newValue
            riseUpdateCount()
        }
    }

    /// How many times ``value`` was assigned, wrapping from `UInt.max` to 0.
    public internal(set) var valueUpdatedCount: UInt {
        get { updateCount }
        set { updateCount = newValue }
    }

    /// Creates a pulse holding `wrappedValue`, assigned zero times.
    public init(wrappedValue: Value) {
        self.storage = wrappedValue
    }

    /// The value; each assignment raises ``valueUpdatedCount``.
    @inlinable
    public var wrappedValue: Value {
        get { storage }
        set { value = newValue }
    }

    /// The pulse itself (`$alertMessage`), for ``Reactor/observe(pulse:_:)``.
    public var projectedValue: Pulse<Value> {
        self
    }

    @inlinable
    mutating func riseUpdateCount() {
        updateCount = updateCount == .max ? 0 : updateCount + 1
    }
}

extension Pulse: Sendable where Value: Sendable {}

extension Pulse: Equatable where Value: Equatable {}

extension Pulse: Encodable where Value: Encodable {
    /// Encodes the value alone (the update count is bookkeeping).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
