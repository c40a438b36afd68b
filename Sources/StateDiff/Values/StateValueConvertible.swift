/// A type that describes itself as a `StateValue` instead of being encoded field by field.
///
/// When `StateValue(encoding:)` meets a value of a conforming type anywhere in a state,
/// it uses `stateValue` as that value's description (a `Pulse` shows as its value, say).
///
/// This is also the fastest way to describe a state: the encoder checks each type for the
/// conformance once, then calls `stateValue` directly, with no `encode(to:)` and no
/// containers. A type that adopts it only for speed keeps what the shell shows by
/// building what encoding would give (fields in declaration order, `nil` as `.null`).
public protocol StateValueConvertible {
    /// This value as the shell should show, diff and query it.
    var stateValue: StateValue { get }
}

extension StateValue: StateValueConvertible {
    /// The value itself.
    public var stateValue: StateValue { self }
}

extension StateValue: Encodable {
    /// Encodes the value as the matching JSON-like primitive or container (keys in order).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let fields):
            var container = encoder.container(keyedBy: FieldKey.self)
            for field in fields { try container.encode(field.value, forKey: FieldKey(stringValue: field.key)) }
        }
    }
}

/// A coding key made of any string (an object field's name).
struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
