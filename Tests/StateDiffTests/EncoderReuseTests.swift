import StateDiff
import Testing

/// The encoder keeps sessions, keyed containers and per-type answers between calls; these
/// tests check that what it builds does not depend on what it encoded before.
@Suite("Encoder reuse")
struct EncoderReuseTests {
    // MARK: Repeated encodings

    @Test func encodingTheSameTypeAgainGivesFreshValues() {
        for value in 0..<50 {
            let state = CounterState(value: value, isLoading: value % 2 == 0, alertMessage: value % 3 == 0 ? "m\(value)" : nil)
            #expect(encoded(state) == .object([
                StateField("value", .int(value)),
                StateField("isLoading", .bool(value % 2 == 0)),
                StateField("alertMessage", value % 3 == 0 ? .string("m\(value)") : .null),
            ]))
        }
    }

    enum Mutation: Encodable {
        case increaseValue
        case setLoading(Bool)
        case setRepos([String], nextPage: Int?)
        case insertPost(Post, at: Int)
    }

    @Test func enumCasesOfOneTypeInTurnKeepTheirOwnKeys() {
        let post = Post(id: 7, title: "t", content: "c")
        for _ in 0..<3 {
            #expect(encoded(Mutation.increaseValue) == .object([StateField("increaseValue", .object([]))]))
            #expect(encoded(Mutation.setLoading(false)) == .object([StateField("setLoading", .object([StateField("_0", .bool(false))]))]))
            #expect(encoded(Mutation.setRepos(["a"], nextPage: nil)) == .object([
                StateField("setRepos", .object([StateField("_0", .array([.string("a")])), StateField("nextPage", .null)])),
            ]))
            #expect(encoded(Mutation.insertPost(post, at: 3)) == .object([
                StateField("insertPost", .object([StateField("_0", encoded(post)), StateField("at", .int(3))])),
            ]))
        }
    }

    // MARK: Keys written in varying orders, twice, or left out

    /// Writes the keys it is given, in that order, through one keyed container.
    struct Written: Encodable {
        var entries: [(key: String, value: Int)]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for entry in entries { try container.encode(entry.value, forKey: AnyKey(entry.key)) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    @Test func keysInAnotherOrderThanLastTimeKeepTheirOwnOrder() {
        let orders: [[String]] = [["a", "b", "c"], ["a", "b", "c"], ["c", "a", "b"], ["a", "c"], ["a", "b", "c", "d"], ["b"]]
        for order in orders {
            let value = encoded(Written(entries: order.enumerated().map { ($1, $0) }))
            #expect(value.keys == order)
            for (position, key) in order.enumerated() { #expect(value[key] == .int(position)) }
        }
    }

    @Test func aKeyWrittenTwiceKeepsItsFirstPositionAndItsLastValue() {
        for _ in 0..<3 {
            #expect(encoded(Written(entries: [("a", 1), ("b", 2), ("a", 3)])) == .object([StateField("a", .int(3)), StateField("b", .int(2))]))
            #expect(encoded(Written(entries: [("a", 1), ("b", 2), ("b", 5), ("c", 6)])) == .object([
                StateField("a", .int(1)), StateField("b", .int(5)), StateField("c", .int(6)),
            ]))
        }
    }

    @Test func bigObjectsWithRepeatedKeysStayCorrect() {
        let keys = (0..<40).map { "field\($0)" }
        var entries = keys.enumerated().map { ($1, $0) }
        entries += [("field3", 100), ("field39", 139)]
        for _ in 0..<2 {
            let value = encoded(Written(entries: entries))
            #expect(value.keys == keys)
            #expect(value["field3"] == .int(100))
            #expect(value["field39"] == .int(139))
            #expect(value["field20"] == .int(20))
        }
    }

    @Test func dictionariesStaySortedWhenEncodedAgain() {
        for round in 0..<3 {
            let byName = Dictionary(uniqueKeysWithValues: (0..<20).map { ("k\(($0 * 7 + round) % 20)", $0) })
            let value = encoded(byName)
            #expect(value.keys == byName.keys.sorted())
            let byNumber = Dictionary(uniqueKeysWithValues: (0..<12).map { ($0 * 5 % 12 - 3, "v\($0)") })
            #expect(encoded(byNumber).keys == byNumber.keys.sorted().map(String.init))
        }
    }

    // MARK: Nesting

    /// A recursive type: its coding keys are in use at several depths at once.
    struct Tree: Encodable {
        var name: String
        var children: [Tree] = []
    }

    func expected(_ tree: Tree) -> StateValue {
        .object([StateField("name", .string(tree.name)), StateField("children", .array(tree.children.map(expected)))])
    }

    @Test func recursiveTypesNestTheirOwnKeyedContainers() {
        var tree = Tree(name: "root")
        for depth in 0..<8 {
            tree = Tree(name: "level\(depth)", children: [tree, Tree(name: "leaf\(depth)")])
        }
        for _ in 0..<2 { #expect(encoded(tree) == expected(tree)) }
    }

    /// Writes into a container it asked for before a nested value of the same type was encoded.
    struct Interleaved: Encodable {
        var inner: [Interleaved] = []
        var tag: Int
        enum CodingKeys: String, CodingKey { case first, inner, last }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tag, forKey: .first)
            var nested = container.nestedUnkeyedContainer(forKey: .inner)
            for element in inner { try nested.encode(element) }
            try container.encode(-tag, forKey: .last)
        }
    }

    @Test func containersOfOneKeyTypeInUseTogetherWriteIntoTheirOwnValues() {
        let value = Interleaved(inner: [Interleaved(inner: [Interleaved(tag: 3)], tag: 2), Interleaved(tag: 4)], tag: 1)
        func expected(_ value: Interleaved) -> StateValue {
            .object([
                StateField("first", .int(value.tag)),
                StateField("inner", .array(value.inner.map(expected))),
                StateField("last", .int(-value.tag)),
            ])
        }
        #expect(encoded(value) == expected(value))
        #expect(encoded(value) == expected(value))
    }

    /// Reports the coding paths its encoder and containers see.
    final class PathLog {
        var paths: [[String]] = []
    }

    struct PathRecorder: Encodable {
        let log: PathLog
        func encode(to encoder: any Encoder) throws {
            log.paths.append(encoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue })
            var container = encoder.singleValueContainer()
            try container.encode(0)
        }
    }

    struct Outer: Encodable {
        var first: PathRecorder
        var list: [PathRecorder]
        var nested: [String: PathRecorder]
    }

    @Test func codingPathsNameTheKeysAndIndicesOnTheWay() {
        let log = PathLog()
        let recorder = PathRecorder(log: log)
        _ = encoded(Outer(first: recorder, list: [recorder, recorder], nested: ["k": recorder]))
        #expect(log.paths == [["first"], ["list", "[0]"], ["list", "[1]"], ["nested", "k"]])
    }

    // MARK: Misuse and errors

    /// Keeps its container after `encode(to:)` returned.
    final class Escape {
        var container: KeyedEncodingContainer<CounterKeys>?
    }

    enum CounterKeys: String, CodingKey { case value, isLoading, alertMessage }

    struct Escaping: Encodable {
        let escape: Escape
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CounterKeys.self)
            try container.encode(1, forKey: .value)
            escape.container = container
        }
    }

    struct SameKeys: Encodable {
        var value: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CounterKeys.self)
            try container.encode(value, forKey: .value)
            try container.encode(false, forKey: .isLoading)
        }
    }

    @Test func aContainerKeptAfterEncodingNeitherCrashesNorLeaksIntoLaterValues() throws {
        let escape = Escape()
        #expect(encoded(Escaping(escape: escape)) == .object([StateField("value", .int(1))]))
        try escape.container?.encode(99, forKey: .alertMessage)
        for value in 0..<3 {
            #expect(encoded(SameKeys(value: value)) == .object([StateField("value", .int(value)), StateField("isLoading", .bool(false))]))
            try escape.container?.encode(98, forKey: .alertMessage)
        }
        escape.container = nil
    }

    struct Boom: Error {}

    struct Throwing: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CounterKeys.self)
            try container.encode(1, forKey: .value)
            var nested = container.nestedUnkeyedContainer(forKey: .isLoading)
            try nested.encode(2)
            throw Boom()
        }
    }

    struct Recovering: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CounterKeys.self)
            try container.encode(1, forKey: .value)
            try? container.encode(Throwing(), forKey: .isLoading)
            try container.encode("after", forKey: .alertMessage)
        }
    }

    @Test func anErrorLeavesTheEncoderReadyForTheNextValue() {
        #expect(throws: Boom.self) { try StateValue(encoding: [Throwing()]) }
        #expect(encoded(CounterState(value: 5)) == .object([
            StateField("value", .int(5)), StateField("isLoading", .bool(false)), StateField("alertMessage", .null),
        ]))
        // A failure caught inside `encode(to:)`: the key is not written, the rest is.
        #expect(encoded(Recovering()) == .object([StateField("value", .int(1)), StateField("alertMessage", .string("after"))]))
        #expect(encoded(Recovering()) == .object([StateField("value", .int(1)), StateField("alertMessage", .string("after"))]))
    }

    // MARK: Fast paths agree with encode(to:)

    /// Encodes its array element by element, the way `Array.encode(to:)` does.
    struct ElementWise<Element: Encodable>: Encodable {
        var elements: [Element]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        }
    }

    @Test func arraysOfLeavesReadAsTheirElements() {
        let strings = ["a", "", "héllo", "x y"]
        let numbers = [0, -1, Int.max, 42]
        #expect(encoded(strings) == encoded(ElementWise(elements: strings)))
        #expect(encoded(numbers) == encoded(ElementWise(elements: numbers)))
        #expect(encoded(strings) == .array(strings.map(StateValue.string)))
        #expect(encoded([[1], [2, 3]]) == .array([.array([.int(1)]), .array([.int(2), .int(3)])]))
    }

    /// A state that builds its own value: `StateValue(encoding:)` uses it, at any depth.
    struct Described: Encodable, StateValueConvertible {
        var count: Int
        var stateValue: StateValue { .object([StateField("count", .int(count)), StateField("double", .int(count * 2))]) }
    }

    struct Holder: Encodable {
        var described: Described
        var list: [Described]
    }

    @Test func convertibleValuesAreDescribedAtTheRootAndInside() {
        #expect(encoded(Described(count: 2)) == .object([StateField("count", .int(2)), StateField("double", .int(4))]))
        let holder = Holder(described: Described(count: 1), list: [Described(count: 3)])
        for _ in 0..<2 {
            #expect(encoded(holder) == .object([
                StateField("described", Described(count: 1).stateValue),
                StateField("list", .array([Described(count: 3).stateValue])),
            ]))
        }
    }

    /// A description that encodes part of itself: a nested `StateValue(encoding:)` call.
    struct Nesting: Encodable, StateValueConvertible {
        var depth: Int
        var stateValue: StateValue {
            guard depth > 0 else { return .string("bottom") }
            return .object([StateField("inner", (try? StateValue(encoding: Nesting(depth: depth - 1))) ?? .null)])
        }
    }

    @Test func encodingInsideADescriptionWorks() {
        var expected = StateValue.string("bottom")
        for _ in 0..<5 { expected = .object([StateField("inner", expected)]) }
        #expect(encoded(Nesting(depth: 5)) == expected)
        #expect(encoded([Nesting(depth: 5), Nesting(depth: 5)]) == .array([expected, expected]))
    }

    // MARK: Random shapes

    struct FieldName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    /// Encodes a value through containers all the way down (`StateValue`'s own `encode(to:)`
    /// hands nested values over whole); with `nested`, object and array children go through
    /// nested containers instead of encoders of their own.
    struct ThroughContainers: Encodable {
        let value: StateValue
        let nested: Bool

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                try Self.write(elements, into: &container, nested: nested)
            case .object(let fields):
                var container = encoder.container(keyedBy: FieldName.self)
                try Self.write(fields, into: &container, nested: nested)
            default:
                var container = encoder.singleValueContainer()
                try Self.write(value, into: &container)
            }
        }

        static func write(_ value: StateValue, into container: inout any SingleValueEncodingContainer) throws {
            switch value {
            case .null: try container.encodeNil()
            case .bool(let flag): try container.encode(flag)
            case .int(let number): try container.encode(number)
            case .double(let number): try container.encode(number)
            case .string(let text): try container.encode(text)
            case .array, .object: try container.encode(ThroughContainers(value: value, nested: false))
            }
        }

        static func write(_ fields: [StateField], into container: inout KeyedEncodingContainer<FieldName>, nested: Bool) throws {
            for field in fields {
                let key = FieldName(field.key)
                switch field.value {
                case .object(let inner) where nested:
                    var child = container.nestedContainer(keyedBy: FieldName.self, forKey: key)
                    try write(inner, into: &child, nested: !nested)
                case .array(let inner) where nested:
                    var child = container.nestedUnkeyedContainer(forKey: key)
                    try write(inner, into: &child, nested: !nested)
                case .null: try container.encodeNil(forKey: key)
                case .int(let number): try container.encode(number, forKey: key)
                case .string(let text): try container.encode(text, forKey: key)
                default: try container.encode(ThroughContainers(value: field.value, nested: !nested), forKey: key)
                }
            }
        }

        static func write(_ elements: [StateValue], into container: inout any UnkeyedEncodingContainer, nested: Bool) throws {
            for element in elements {
                switch element {
                case .object(let inner) where nested:
                    var child = container.nestedContainer(keyedBy: FieldName.self)
                    try write(inner, into: &child, nested: !nested)
                case .array(let inner) where nested:
                    var child = container.nestedUnkeyedContainer()
                    try write(inner, into: &child, nested: !nested)
                case .bool(let flag): try container.encode(flag)
                case .double(let number): try container.encode(number)
                default: try container.encode(ThroughContainers(value: element, nested: !nested))
                }
            }
        }
    }

    @Test func randomValuesComeBackWholeThroughContainers() {
        var random = RandomStates(seed: 0x5EED_0010)
        for round in 0..<2_000 {
            let value = random.value(depth: 5)
            let nested = round % 2 == 0
            let result = encoded(ThroughContainers(value: value, nested: nested))
            #expect(result == value, "value: \(value.literal())\nresult: \(result.literal())")
        }
    }

    // MARK: Threads

    @Test func encodingsOnManyThreadsAtOnceDoNotMix() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<300 {
                        let value = task * 1_000 + round
                        let state = GitHubSearchState(query: "q\(value)", repos: ["r\(value)"], nextPage: value, isLoadingNextPage: value % 2 == 0)
                        let expected = StateValue.object([
                            StateField("query", .string("q\(value)")), StateField("repos", .array([.string("r\(value)")])),
                            StateField("nextPage", .int(value)), StateField("isLoadingNextPage", .bool(value % 2 == 0)),
                            StateField("lastError", .null),
                        ])
                        guard (try? StateValue(encoding: state)) == expected,
                              (try? StateValue(encoding: ScoreboardState(home: value, away: round))) == .object([
                                  StateField("home", .int(value)), StateField("away", .int(round)),
                              ]) else { return false }
                    }
                    return true
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
