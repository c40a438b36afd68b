import StateDiff

/// The explorer's generators of argument values, one per parameter type, favouring the values
/// where code tends to break: 0, ±1, the type's limits, empty, blank and long strings, unicode,
/// characters the language must escape.
enum ValueGenerators {
    /// A value for `parameter`: `nil` now and then when it is optional, else one of its type.
    static func value(for parameter: CommandParameter, _ random: inout ExploreRandom) -> StateValue {
        if parameter.isOptional && random.chance(1, in: 6) { return .null }
        switch parameter.type {
        case .int: return .int(int(&random))
        case .double: return .double(double(&random))
        case .bool: return .bool(random.chance(1, in: 2))
        case .string: return .string(string(&random))
        }
    }

    static let edgeInts = [0, 1, -1, 2, Int.max, Int.min, Int.max - 1, Int.min + 1]

    static func int(_ random: inout ExploreRandom) -> Int {
        switch random.below(10) {
        case 0..<3: random.pick(edgeInts)
        case 3..<7: random.int(in: 0...10)
        case 7..<9: random.int(in: -100...100)
        default: Int(truncatingIfNeeded: random.next())
        }
    }

    static let edgeDoubles: [Double] = [0, 1, -1, 0.5, -0.25, 1e300, -1e300, 2.5e-10]

    static func double(_ random: inout ExploreRandom) -> Double {
        switch random.below(10) {
        case 0..<4: random.pick(edgeDoubles)
        case 4..<8: Double(random.int(in: -40...40)) / 4
        default: Double(random.int(in: -1_000_000...1_000_000)) / 1000
        }
    }

    /// Strings a person types, and the ones that test the edges.
    static let words = ["a", "swift", "milk", "Hello", "x1", "todo_list"]
    static let edgeStrings = [
        "", " ", "  a  ", "é", "日本語", "🙂", "e\u{301}", "Ωμέγα", "a b", "#", "\"", "\\", "tab\there", "line\nbreak",
        "nil", "true", "0", "-1",
    ]

    static func string(_ random: inout ExploreRandom) -> String {
        switch random.below(10) {
        case 0..<4: random.pick(words)
        case 4..<8: random.pick(edgeStrings)
        case 8: String(repeating: random.pick(["x", "é", "🙂"]), count: random.pick([100, 1000]))
        default: String((0..<random.int(in: 1...12)).map { _ in random.pick(Array("abcXYZ019 _-é🙂")) })
        }
    }
}
