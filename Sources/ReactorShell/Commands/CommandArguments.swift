import StateDiff

/// The arguments of one action after binding: every declared parameter with its value, in declaration
/// order (defaults filled in).
///
/// `build` closures read them with the typed accessors (`try args.int("home")`); the shell records
/// them (`fields`, `stateValue`) for the JSON `action` event and for `:save`.
public struct CommandArguments: Sendable, Hashable {
    /// Label and value of every parameter, in declaration order.
    public let fields: [StateField]

    /// Creates bound arguments.
    public init(_ fields: [StateField]) {
        self.fields = fields
    }

    /// The arguments as an object, e.g. `{"home": 3, "away": 2}` in JSON.
    public var stateValue: StateValue { .object(fields) }

    /// The value bound to `label`, or nil when there is no such parameter.
    public subscript(label: String) -> StateValue? {
        fields.first { $0.key == label }?.value
    }

    /// The `Int` argument `label`.
    public func int(_ label: String) throws -> Int {
        guard case .int(let value) = try value(label, "Int") else { throw mismatch(label, "Int") }
        return value
    }

    /// The `Double` argument `label`.
    public func double(_ label: String) throws -> Double {
        switch try value(label, "Double") {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: throw mismatch(label, "Double")
        }
    }

    /// The `Bool` argument `label`.
    public func bool(_ label: String) throws -> Bool {
        guard case .bool(let value) = try value(label, "Bool") else { throw mismatch(label, "Bool") }
        return value
    }

    /// The `String` argument `label`.
    public func string(_ label: String) throws -> String {
        guard case .string(let value) = try value(label, "String") else { throw mismatch(label, "String") }
        return value
    }

    /// The `Int?` argument `label`.
    public func optionalInt(_ label: String) throws -> Int? {
        if try value(label, "Int?") == .null { return nil }
        return try int(label)
    }

    /// The `Double?` argument `label`.
    public func optionalDouble(_ label: String) throws -> Double? {
        if try value(label, "Double?") == .null { return nil }
        return try double(label)
    }

    /// The `Bool?` argument `label`.
    public func optionalBool(_ label: String) throws -> Bool? {
        if try value(label, "Bool?") == .null { return nil }
        return try bool(label)
    }

    /// The `String?` argument `label`.
    public func optionalString(_ label: String) throws -> String? {
        if try value(label, "String?") == .null { return nil }
        return try string(label)
    }

    private func value(_ label: String, _ type: String) throws(CommandArgumentAccessError) -> StateValue {
        guard let value = self[label] else { throw CommandArgumentAccessError(label: label, requestedType: type, found: nil) }
        return value
    }

    private func mismatch(_ label: String, _ type: String) -> CommandArgumentAccessError {
        CommandArgumentAccessError(label: label, requestedType: type, found: self[label])
    }
}

/// A `build` closure asked for an argument that its declaration does not have, or with another type
/// (a mistake in the declaration, not in the user's input).
public struct CommandArgumentAccessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The label asked for.
    public var label: String
    /// The type asked for, e.g. `Int?`.
    public var requestedType: String
    /// The bound value, or nil when no parameter has that label.
    public var found: StateValue?

    /// Creates the error.
    public init(label: String, requestedType: String, found: StateValue?) {
        self.label = label
        self.requestedType = requestedType
        self.found = found
    }

    /// A message for the reactor's author.
    public var description: String {
        guard let found else { return "declaration error: no parameter '\(label)' is declared" }
        return "declaration error: parameter '\(label)' read as \(requestedType) but holds \(found.literal())"
    }
}
