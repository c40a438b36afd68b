/// One difference between two states, as found by `diff(_:_:)`.
///
/// Applied in list order, the changes turn the old state into the new one: an `insert`
/// path names the position the element takes (or a new object key), a `remove` path
/// the element or key that goes away, and a `replace` path the value that changes.
public struct StateChange: Sendable, Hashable, CustomStringConvertible {
    /// What happened at `path`.
    public enum Kind: String, Sendable, Hashable {
        /// The value at the path changed.
        case replace
        /// An array element or an object key appeared.
        case insert
        /// An array element or an object key went away.
        case remove
    }

    /// Where the change happened.
    public var path: StatePath
    /// What happened.
    public var kind: Kind
    /// The value before (nil for an insert).
    public var oldValue: StateValue?
    /// The value after (nil for a remove).
    public var newValue: StateValue?

    /// Creates a change.
    public init(path: StatePath, kind: Kind, oldValue: StateValue?, newValue: StateValue?) {
        self.path = path
        self.kind = kind
        self.oldValue = oldValue
        self.newValue = newValue
    }

    /// A value at `path` changed from `old` to `new`.
    public static func replace(_ path: StatePath, old: StateValue, new: StateValue) -> StateChange {
        StateChange(path: path, kind: .replace, oldValue: old, newValue: new)
    }

    /// `value` appeared at `path`.
    public static func insert(_ path: StatePath, _ value: StateValue) -> StateChange {
        StateChange(path: path, kind: .insert, oldValue: nil, newValue: value)
    }

    /// `value` at `path` went away.
    public static func remove(_ path: StatePath, _ value: StateValue) -> StateChange {
        StateChange(path: path, kind: .remove, oldValue: value, newValue: nil)
    }

    /// The change as one plain text line (see `TextDiffRenderer`).
    public var description: String {
        TextDiffRenderer(indent: 0).lines(for: [self]).first ?? ""
    }
}
