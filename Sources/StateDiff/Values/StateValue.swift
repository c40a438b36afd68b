/// A state as a tree of plain values: what the shell diffs, prints and queries.
///
/// Objects keep their keys in declaration order. Built from any `Encodable`
/// state, or from a type's own description (`StateValueConvertible`).
public enum StateValue: Sendable, Hashable {
    /// An absent optional, or JSON `null`.
    case null
    /// A Boolean.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A floating-point number (non-finite values are allowed and rendered readably).
    case double(Double)
    /// A string.
    case string(String)
    /// An ordered collection.
    case array([StateValue])
    /// A record with ordered, unique keys.
    case object([StateField])
}

/// One key of a `StateValue.object`, in declaration order.
public struct StateField: Sendable, Hashable {
    /// The property name.
    public var key: String
    /// The property's value.
    public var value: StateValue
}

extension StateField {
    // Declared in an extension so that the struct keeps its memberwise initializer
    // `init(key:value:)`, which the encoder uses: the optimizer builds such values in place,
    // where one made by an explicit initializer is copied once more into its array.

    /// Creates a field.
    public init(_ key: String, _ value: StateValue) {
        self.init(key: key, value: value)
    }
}

// MARK: - Equality

extension StateValue {
    /// Structural equality. Unlike `Double`'s own `==`, two NaN doubles are equal here:
    /// a state whose field stays NaN has not changed.
    public static func == (lhs: StateValue, rhs: StateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }

    /// Hashes the value consistently with `==` (all NaNs hash alike).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let value): hasher.combine(1 as UInt8); hasher.combine(value)
        case .int(let value): hasher.combine(2 as UInt8); hasher.combine(value)
        case .double(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value.isNaN ? Double.nan.bitPattern : (value == 0 ? 0 : value.bitPattern))
        case .string(let value): hasher.combine(4 as UInt8); hasher.combine(value)
        case .array(let values): hasher.combine(5 as UInt8); hasher.combine(values)
        case .object(let fields): hasher.combine(6 as UInt8); hasher.combine(fields)
        }
    }
}

// MARK: - Kinds and accessors

extension StateValue {
    /// A short name of the value's kind for messages: `nil`, `Bool`, `Int`, `Double`, `String`, `array`, `object`.
    public var kindName: String {
        switch self {
        case .null: return "nil"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The value of the field named `key` when this is an object that has one.
    public subscript(key: String) -> StateValue? {
        guard case .object(let fields) = self else { return nil }
        for field in fields where field.key == key { return field.value }
        return nil
    }

    /// The fields' keys in order when this is an object, else empty.
    public var keys: [String] {
        guard case .object(let fields) = self else { return [] }
        return fields.map(\.key)
    }
}
