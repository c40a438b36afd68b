import StateDiff
import Testing

@Suite("Building the value model from Encodable")
struct EncodingTests {
    @Test func fieldsKeepDeclarationOrderAndNilOptionalsBecomeNull() {
        #expect(encoded(CounterState()) == .object([
            StateField("value", .int(0)),
            StateField("isLoading", .bool(false)),
            StateField("alertMessage", .null),
        ]))
    }

    @Test func presentOptionalsKeepTheirValue() {
        let state = GitHubSearchState(query: "swift", repos: ["a"], nextPage: 2)
        #expect(encoded(state).keys == ["query", "repos", "nextPage", "isLoadingNextPage", "lastError"])
        #expect(encoded(state)["query"] == .string("swift"))
        #expect(encoded(state)["nextPage"] == .int(2))
        #expect(encoded(state)["repos"] == .array([.string("a")]))
    }

    enum Mutation: Encodable {
        case increaseValue
        case setLoading(Bool)
        case setRepos([String], nextPage: Int?)
    }

    @Test func enumCasesWithAssociatedValuesReadAsNestedObjects() {
        #expect(encoded(Mutation.setRepos(["a", "b"], nextPage: 2)) == .object([
            StateField("setRepos", .object([
                StateField("_0", .array([.string("a"), .string("b")])),
                StateField("nextPage", .int(2)),
            ])),
        ]))
        #expect(encoded(Mutation.setRepos([], nextPage: nil))["setRepos"]?["nextPage"] == .null)
        #expect(encoded(Mutation.setLoading(true)) == .object([StateField("setLoading", .object([StateField("_0", .bool(true))]))]))
        #expect(encoded(Mutation.increaseValue) == .object([StateField("increaseValue", .object([]))]))
    }

    enum Mode: String, Encodable { case light, dark }

    @Test func rawValueEnumsAreTheirRawValue() {
        #expect(encoded(Mode.dark) == .string("dark"))
    }

    struct Nested: Encodable {
        var board = BoardState(posts: [Post(id: 1, title: "Hello", content: "")])
        var tags: [String] = []
        var matrix: [[Int]] = [[1, 2], []]
        var optionalPosts: [Post?] = [nil]
    }

    @Test func nestedValuesAndEmptyCollectionsAreKept() {
        let value = encoded(Nested())
        #expect(value["board"]?["posts"] == .array([.object([
            StateField("id", .int(1)), StateField("title", .string("Hello")), StateField("content", .string("")),
        ])]))
        #expect(value["tags"] == .array([]))
        #expect(value["matrix"] == .array([.array([.int(1), .int(2)]), .array([])]))
        #expect(value["optionalPosts"] == .array([.null]))
    }

    @Test func dictionariesAreListedInKeyOrder() {
        let byName = ["b": 2, "a": 1, "c": 3]
        #expect(encoded(byName) == .object([StateField("a", .int(1)), StateField("b", .int(2)), StateField("c", .int(3))]))
        let byNumber = [10: "ten", 2: "two"]
        #expect(encoded(byNumber) == .object([StateField("2", .string("two")), StateField("10", .string("ten"))]))
    }

    struct Pulse<Value: Encodable>: Encodable, StateValueConvertible {
        var value: Value
        var updateCount = 7
        var stateValue: StateValue { (try? StateValue(encoding: value)) ?? .null }
    }

    struct PulseState: Encodable {
        var alertMessage = Pulse<String?>(value: "hi")
        var silent = Pulse<String?>(value: nil)
    }

    @Test func convertibleValuesUseTheirOwnDescription() {
        #expect(encoded(PulseState()) == .object([StateField("alertMessage", .string("hi")), StateField("silent", .null)]))
        #expect(encoded(Pulse(value: 3)) == .int(3))
    }

    struct Numbers: Encodable {
        var float: Float = 0.1
        var integral: Double = 1
        var notANumber = Double.nan
        var huge = UInt64.max
        var small: Int8 = -3
        var optionalUnsigned: UInt16? = 9
    }

    @Test func numbersKeepTheirKind() {
        let value = encoded(Numbers())
        #expect(value["float"] == .double(0.1))
        #expect(value["integral"] == .double(1.0))
        #expect(value["notANumber"] == .double(.nan))
        #expect(value["huge"] == .double(Double(UInt64.max)))
        #expect(value["small"] == .int(-3))
        #expect(value["optionalUnsigned"] == .int(9))
    }

    @Test func topLevelScalarsAndArrays() {
        #expect(encoded("héllo 👋🏽") == .string("héllo 👋🏽"))
        #expect(encoded([1, 2]) == .array([.int(1), .int(2)]))
        #expect(encoded(Optional<Int>.none) == .null)
    }

    final class Base: Encodable {
        var name = "base"
    }

    final class Derived: Encodable {
        var base = Base()
        var extra = 1
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldKeys.self)
            try container.encode(extra, forKey: .extra)
            try base.encode(to: container.superEncoder())
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(true)
            var inner = list.nestedContainer(keyedBy: FieldKeys.self)
            try inner.encode(2, forKey: .extra)
        }
        enum FieldKeys: String, CodingKey { case extra, list }
    }

    @Test func superEncodersAndNestedContainersLandInPlace() {
        #expect(encoded(Derived()) == .object([
            StateField("extra", .int(1)),
            StateField("super", .object([StateField("name", .string("base"))])),
            StateField("list", .array([.bool(true), .object([StateField("extra", .int(2))])])),
        ]))
    }

    struct Failing: Encodable {
        struct Boom: Error {}
        func encode(to encoder: any Encoder) throws { throw Boom() }
    }

    @Test func errorsFromTheValueArePassedOn() {
        #expect(throws: Failing.Boom.self) { try StateValue(encoding: [Failing()]) }
    }
}

@Suite("Enum cases read as Swift")
struct CaseLiteralTests {
    enum Mutation: Encodable {
        case increaseValue
        case setLoading(Bool)
        case setAlertMessage(String)
        case setRepos([String], nextPage: Int?)
        case insertPost(Post, at: Int)
    }

    enum Named: String, Encodable { case refresh }

    @Test func mutationsReadLikeTheirSwiftSpelling() {
        #expect(encoded(Mutation.increaseValue).caseLiteral() == "increaseValue")
        #expect(encoded(Mutation.setLoading(true)).caseLiteral() == "setLoading(true)")
        #expect(encoded(Mutation.setAlertMessage("increased!")).caseLiteral() == "setAlertMessage(\"increased!\")")
        #expect(encoded(Mutation.setRepos(["a"], nextPage: 2)).caseLiteral() == "setRepos([\"a\"], nextPage: 2)")
        #expect(encoded(Mutation.setRepos([], nextPage: nil)).caseLiteral() == "setRepos([], nextPage: nil)")
        #expect(encoded(Mutation.insertPost(Post(id: 1, title: "t", content: ""), at: 0)).caseLiteral()
            == "insertPost({id: 1, title: \"t\", content: \"\"}, at: 0)")
        #expect(encoded(Named.refresh).caseLiteral() == "refresh")
    }

    @Test func longArgumentsAreShortened() {
        let repos = (1...500).map { "swift\($0)" }
        #expect(encoded(Mutation.setRepos(repos, nextPage: 2)).caseLiteral(maxLength: 30)
            == "setRepos([\"swift1\", \"swift2\", \"swift3\", … 497 more], nextPage: 2)")
    }

    @Test func otherValuesAreTheirLiteral() {
        #expect(StateValue.int(3).caseLiteral() == "3")
        #expect(StateValue.string("two words").caseLiteral() == "\"two words\"")
        #expect(encoded(ScoreboardState()).caseLiteral() == "{home: 0, away: 0}")
    }
}
