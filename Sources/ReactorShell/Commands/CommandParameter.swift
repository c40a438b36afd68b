import StateDiff

/// The value types a command parameter can take.
public enum ParameterType: String, Sendable, Hashable, CaseIterable {
    /// `Int`
    case int = "Int"
    /// `Double` (an integer literal is accepted too)
    case double = "Double"
    /// `Bool`
    case bool = "Bool"
    /// `String` (quoted, or a bare word)
    case string = "String"
}

/// One labelled, typed parameter of a command, with an optional default.
///
/// Build them with the factories: `.int("home")`, `.int("count", default: 1)`,
/// `.optionalString("query")`, `.optionalString("query", default: nil)`.
public struct CommandParameter: Sendable, Hashable {
    /// The label, as written in `label: value` (case-sensitive).
    public var label: String
    /// The base type.
    public var type: ParameterType
    /// True when `nil` is accepted.
    public var isOptional: Bool
    /// The value used when the argument is left out; nil when the argument is required.
    /// (An optional parameter defaulting to nil has `defaultValue == .null`.)
    public var defaultValue: StateValue?

    /// Creates a parameter; prefer the typed factories.
    public init(label: String, type: ParameterType, isOptional: Bool = false, defaultValue: StateValue? = nil) {
        self.label = label
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
    }

    /// The type as Swift writes it: `Int`, `String?`.
    public var typeName: String { type.rawValue + (isOptional ? "?" : "") }

    /// The parameter as the signature shows it: `home: Int`, `count: Int = 1`, `query: String? = nil`.
    public var signature: String {
        var text = label + ": " + typeName
        if let defaultValue { text += " = " + defaultValue.literal() }
        return text
    }

    // MARK: Factories

    /// A required `Int` parameter.
    public static func int(_ label: String) -> Self { .init(label: label, type: .int) }
    /// An `Int` parameter that may be left out.
    public static func int(_ label: String, default value: Int) -> Self { .init(label: label, type: .int, defaultValue: .int(value)) }
    /// A required `Double` parameter.
    public static func double(_ label: String) -> Self { .init(label: label, type: .double) }
    /// A `Double` parameter that may be left out.
    public static func double(_ label: String, default value: Double) -> Self { .init(label: label, type: .double, defaultValue: .double(value)) }
    /// A required `Bool` parameter.
    public static func bool(_ label: String) -> Self { .init(label: label, type: .bool) }
    /// A `Bool` parameter that may be left out.
    public static func bool(_ label: String, default value: Bool) -> Self { .init(label: label, type: .bool, defaultValue: .bool(value)) }
    /// A required `String` parameter.
    public static func string(_ label: String) -> Self { .init(label: label, type: .string) }
    /// A `String` parameter that may be left out.
    public static func string(_ label: String, default value: String) -> Self { .init(label: label, type: .string, defaultValue: .string(value)) }

    /// An `Int?` parameter that must be given (a number or `nil`).
    public static func optionalInt(_ label: String) -> Self { .init(label: label, type: .int, isOptional: true) }
    /// An `Int?` parameter that may be left out (`default: nil` is allowed).
    public static func optionalInt(_ label: String, default value: Int?) -> Self {
        .init(label: label, type: .int, isOptional: true, defaultValue: value.map { .int($0) } ?? .null)
    }
    /// A `Double?` parameter that must be given.
    public static func optionalDouble(_ label: String) -> Self { .init(label: label, type: .double, isOptional: true) }
    /// A `Double?` parameter that may be left out.
    public static func optionalDouble(_ label: String, default value: Double?) -> Self {
        .init(label: label, type: .double, isOptional: true, defaultValue: value.map { .double($0) } ?? .null)
    }
    /// A `Bool?` parameter that must be given.
    public static func optionalBool(_ label: String) -> Self { .init(label: label, type: .bool, isOptional: true) }
    /// A `Bool?` parameter that may be left out.
    public static func optionalBool(_ label: String, default value: Bool?) -> Self {
        .init(label: label, type: .bool, isOptional: true, defaultValue: value.map { .bool($0) } ?? .null)
    }
    /// A `String?` parameter that must be given (a string or `nil`).
    public static func optionalString(_ label: String) -> Self { .init(label: label, type: .string, isOptional: true) }
    /// A `String?` parameter that may be left out (`default: nil` is allowed).
    public static func optionalString(_ label: String, default value: String?) -> Self {
        .init(label: label, type: .string, isOptional: true, defaultValue: value.map { .string($0) } ?? .null)
    }
}
