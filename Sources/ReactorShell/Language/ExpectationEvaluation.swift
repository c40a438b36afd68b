import StateDiff

extension ExpectationOperator {
    /// Whether `actual OP expected` holds, or nil when the two values cannot be compared this way
    /// (e.g. `<` between arrays, `contains` on a number).
    ///
    /// Ints and Doubles compare as numbers (`1 == 1.0`); `<` and friends also order strings;
    /// `contains` finds a substring in a string or an element in an array.
    public func evaluate(actual: StateValue, expected: StateValue) -> Bool? {
        switch self {
        case .equal: return Self.equivalent(actual, expected)
        case .notEqual: return !Self.equivalent(actual, expected)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = Self.order(actual, expected) else { return nil }
            switch self {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .contains:
            switch (actual, expected) {
            case (.string(let text), .string(let part)): return part.isEmpty || text.contains(part)
            case (.array(let elements), _): return elements.contains { Self.equivalent($0, expected) }
            default: return nil
            }
        }
    }

    /// The name of a value's kind for messages: `Int`, `Double`, `Bool`, `String`, `nil`, `Array`, `Object`.
    public static func kindName(_ value: StateValue) -> String {
        switch value {
        case .null: "nil"
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .array: "Array"
        case .object: "Object"
        }
    }

    /// Equality where an Int and a Double with the same value are equal, element by element.
    static func equivalent(_ lhs: StateValue, _ rhs: StateValue) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { equivalent($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && equivalent($0.value, $1.value) }
        default: return lhs == rhs
        }
    }

    /// -1, 0 or 1 for two numbers or two strings; nil otherwise.
    static func order(_ lhs: StateValue, _ rhs: StateValue) -> Int? {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        default:
            guard let a = number(lhs), let b = number(rhs), !a.isNaN, !b.isNaN else { return nil }
            return a < b ? -1 : (a == b ? 0 : 1)
        }
    }

    private static func number(_ value: StateValue) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }
}
