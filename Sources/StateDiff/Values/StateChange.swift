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

    // The stored properties have names of their own so that the struct keeps its synthesized
    // memberwise initializer, which the optimizer builds in place (values made with an
    // explicit initializer get copied once more on their way into an array).
    var storedPath: StatePath
    var storedKind: Kind
    var storedOldValue: StateValue?
    var storedNewValue: StateValue?

    /// Where the change happened.
    public var path: StatePath {
        get { storedPath }
        set { storedPath = newValue }
    }
    /// What happened.
    public var kind: Kind {
        get { storedKind }
        set { storedKind = newValue }
    }
    /// The value before (nil for an insert).
    public var oldValue: StateValue? {
        get { storedOldValue }
        set { storedOldValue = newValue }
    }
    /// The value after (nil for a remove).
    public var newValue: StateValue? {
        get { storedNewValue }
        set { storedNewValue = newValue }
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

extension StateChange {
    /// Creates a change.
    public init(path: StatePath, kind: Kind, oldValue: StateValue?, newValue: StateValue?) {
        self.init(storedPath: path, storedKind: kind, storedOldValue: oldValue, storedNewValue: newValue)
    }
}
