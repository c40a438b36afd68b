/// ReactorKit's `Pulse`: a state value whose every assignment counts as an event, even when the
/// new value equals the old one (an alert message shown twice).
///
/// Observe it with ``Reactor/observe(pulse:_:)``: the observer runs on each assignment and not
/// when other parts of the state change.
@propertyWrapper
public struct Pulse<Value> {
    /// The value.
    public var value: Value {
        didSet { riseUpdateCount() }
    }

    /// How many times ``value`` was assigned, wrapping from `UInt.max` to 0.
    public internal(set) var valueUpdatedCount: UInt = 0

    /// Creates a pulse holding `wrappedValue`, assigned zero times.
    public init(wrappedValue: Value) {
        self.value = wrappedValue
    }

    /// The value; each assignment raises ``valueUpdatedCount``.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The pulse itself (`$alertMessage`), for ``Reactor/observe(pulse:_:)``.
    public var projectedValue: Pulse<Value> {
        self
    }

    private mutating func riseUpdateCount() {
        valueUpdatedCount = valueUpdatedCount == .max ? 0 : valueUpdatedCount + 1
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
