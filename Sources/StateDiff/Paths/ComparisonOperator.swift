/// The operators of the shell's `:expect PATH OP VALUE`.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// Equal (numbers compare numerically: `1 == 1.0`).
    case equal = "=="
    /// Not equal.
    case notEqual = "!="
    /// Less than (numbers, or strings in lexicographic order).
    case less = "<"
    /// Less than or equal.
    case lessOrEqual = "<="
    /// Greater than.
    case greater = ">"
    /// Greater than or equal.
    case greaterOrEqual = ">="
    /// The array has an element equal to the value, or the string has the value as a substring.
    case contains

    /// Whether `actual OP expected` holds.
    ///
    /// `==` and `!=` compare any values (numbers numerically, also inside arrays and
    /// objects) but throw for two non-nil values of different kinds (`value == "1"` when
    /// `value` is an Int), which is almost always a mistake in the script. The ordering
    /// operators take two numbers or two strings; `contains` takes an array, or two strings.
    /// Anything else throws `StateComparisonError`.
    public func evaluate(_ actual: StateValue, _ expected: StateValue) throws -> Bool {
        switch self {
        case .equal, .notEqual:
            if actual != .null && expected != .null && !sameKindFamily(actual, expected) {
                throw incomparable(actual, expected)
            }
            let equal = looselyEqual(actual, expected)
            return self == .equal ? equal : !equal
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if let (left, right) = doublePair(actual, expected) {
                // IEEE order: every comparison with NaN is false.
                switch self {
                case .less: return left < right
                case .lessOrEqual: return left <= right
                case .greater: return left > right
                default: return left >= right
                }
            }
            guard let order = ordering(actual, expected) else { throw incomparable(actual, expected) }
            switch self {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        case .contains:
            switch (actual, expected) {
            case let (.array(elements), _):
                return elements.contains { looselyEqual($0, expected) }
            case let (.string(text), .string(part)):
                return part.isEmpty || text.contains(part)
            default:
                throw incomparable(actual, expected)
            }
        }
    }

    private func incomparable(_ actual: StateValue, _ expected: StateValue) -> StateComparisonError {
        StateComparisonError(operator: self, actualKind: actual.kindName, expectedKind: expected.kindName)
    }
}

/// Two values that an `:expect` operator cannot compare.
public struct StateComparisonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operator that was asked for.
    public var `operator`: ComparisonOperator
    /// The kind of the state's value (`Int`, `String`, `array`, …).
    public var actualKind: String
    /// The kind of the expected value.
    public var expectedKind: String

    /// Creates an error for `operator` applied to values of the two kinds.
    public init(operator: ComparisonOperator, actualKind: String, expectedKind: String) {
        self.operator = `operator`
        self.actualKind = actualKind
        self.expectedKind = expectedKind
    }

    /// `cannot compare Int with String using '<'`.
    public var description: String {
        "cannot compare \(actualKind) with \(expectedKind) using '\(`operator`.rawValue)'"
    }
}

/// True when both are numbers, or both are the same kind.
private func sameKindFamily(_ lhs: StateValue, _ rhs: StateValue) -> Bool {
    switch (lhs, rhs) {
    case (.int, .int), (.int, .double), (.double, .int), (.double, .double),
         (.bool, .bool), (.string, .string), (.array, .array), (.object, .object), (.null, .null):
        return true
    default:
        return false
    }
}

/// Equality where an Int and a Double with the same value are equal, at any depth.
func looselyEqual(_ lhs: StateValue, _ rhs: StateValue) -> Bool {
    switch (lhs, rhs) {
    case let (.int(a), .double(b)), let (.double(b), .int(a)):
        guard let exact = Int(exactly: b) else { return false }
        return exact == a
    case let (.array(a), .array(b)):
        return a.count == b.count && zip(a, b).allSatisfy { looselyEqual($0, $1) }
    case let (.object(a), .object(b)):
        return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && looselyEqual($0.value, $1.value) }
    default:
        return lhs == rhs
    }
}

/// Both values as doubles when at least one is a Double and the other a number.
private func doublePair(_ lhs: StateValue, _ rhs: StateValue) -> (Double, Double)? {
    switch (lhs, rhs) {
    case let (.double(a), .double(b)): return (a, b)
    case let (.int(a), .double(b)): return (Double(a), b)
    case let (.double(a), .int(b)): return (a, Double(b))
    default: return nil
    }
}

/// -1, 0 or 1 for two Ints or two strings; nil for anything else.
private func ordering(_ lhs: StateValue, _ rhs: StateValue) -> Int? {
    func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
    switch (lhs, rhs) {
    case let (.int(a), .int(b)): return sign(a, b)
    case let (.string(a), .string(b)): return sign(a, b)
    default: return nil
    }
}
