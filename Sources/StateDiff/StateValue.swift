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

    /// Creates a field.
    public init(_ key: String, _ value: StateValue) {
        self.key = key
        self.value = value
    }
}
