import StateDiff
import Testing

@Suite("Paths")
struct PathTests {
    @Test func pathsParseAndRenderInTheShellsSyntax() throws {
        #expect(try StatePath(parsing: "posts[2].title") == StatePath([.key("posts"), .index(2), .key("title")]))
        #expect(try StatePath(parsing: "repos.count") == StatePath([.key("repos"), .key("count")]))
        #expect(try StatePath(parsing: "") == .root)
        #expect(try StatePath(parsing: ".value") == ["value"].path)
        #expect(try StatePath(parsing: "[0][1]") == [0, 1].path)
        #expect(try StatePath(parsing: #"scores["home team"].x"#) == ["scores", "home team", "x"].path)
        for text in ["posts[2].title", "repos[3]", "value", "[0]", #"scores["home team"]"#, "_a.b2"] {
            #expect(try StatePath(parsing: text).description == text)
        }
    }

    @Test func syntaxErrorsGiveTheColumnAndWhatWasExpected() {
        #expect(throws: StatePathSyntaxError(column: 8, expected: "']'", found: "end of path")) { try StatePath(parsing: "posts[2") }
        #expect(throws: StatePathSyntaxError(column: 7, expected: "an index or a quoted key", found: "'x'")) { try StatePath(parsing: "posts[x]") }
        #expect(throws: StatePathSyntaxError(column: 7, expected: "a field name", found: "end of path")) { try StatePath(parsing: "posts.") }
        #expect(throws: StatePathSyntaxError(column: 1, expected: "a field name", found: "'3'")) { try StatePath(parsing: "3") }
        #expect(throws: StatePathSyntaxError(column: 6, expected: "'.' or '['", found: "' '")) { try StatePath(parsing: "posts title") }
        #expect(throws: StatePathSyntaxError(column: 7, expected: "an index or a quoted key", found: "'-'")) { try StatePath(parsing: "repos[-1]") }
        #expect(StatePathSyntaxError(column: 8, expected: "']'", found: "end of path").description == "column 8: expected ']', found end of path")
    }

    let search = encoded(GitHubSearchState(query: "swift", repos: ["swift1", "swift2", "swift3"], nextPage: 2))
    let board = encoded(BoardState(posts: [Post(id: 1, title: "Hello", content: ""), Post(id: 2, title: "Héllo 👋🏽", content: "")]))

    @Test func valuesAreReadAtAPath() throws {
        #expect(try search.value(at: StatePath(parsing: "repos[1]")) == .string("swift2"))
        #expect(try search.value(at: StatePath(parsing: "repos.count")) == .int(3))
        #expect(try board.value(at: StatePath(parsing: "posts[1].title")) == .string("Héllo 👋🏽"))
        #expect(try board.value(at: StatePath(parsing: "posts[1].title.count")) == .int(7))
        #expect(try board.value(at: .root) == board)
        let counted = StateValue.object([StateField("count", .int(9))])
        #expect(try counted.value(at: ["count"].path) == .int(9))
    }

    @Test func missingPathsSayWhatIsThere() {
        #expect(throws: StateQueryError(path: ["foo"].path, message: "no field 'foo' in state; fields: value, isLoading, alertMessage")) {
            try encoded(CounterState()).value(at: ["foo"].path)
        }
        let tooFar = StatePath([.key("repos"), .index(5)])
        #expect(throws: StateQueryError(path: tooFar, message: "index 5 out of range: repos has 3 elements")) {
            try search.value(at: tooFar)
        }
        let fieldOfPost = StatePath([.key("posts"), .index(0), .key("author")])
        #expect(throws: StateQueryError(path: fieldOfPost, message: "no field 'author' in posts[0]; fields: id, title, content")) {
            try board.value(at: fieldOfPost)
        }
        #expect(throws: StateQueryError(path: ["count"].path, message: "no field 'count' in state; fields: value, isLoading, alertMessage")) {
            try encoded(CounterState()).value(at: ["count"].path)
        }
        #expect(throws: StateQueryError(path: StatePath([.key("query"), .index(0)]), message: "query is a String, not an array; cannot read [0]")) {
            try search.value(at: StatePath([.key("query"), .index(0)]))
        }
        #expect(throws: StateQueryError(path: StatePath([.key("nextPage"), .key("x")]), message: "nextPage is an Int, it has no field 'x'")) {
            try search.value(at: StatePath([.key("nextPage"), .key("x")]))
        }
        #expect(throws: StateQueryError(path: StatePath([.key("repos"), .key("first")]), message: "repos is an array: use an index like repos[0] or repos.count, not 'first'")) {
            try search.value(at: StatePath([.key("repos"), .key("first")]))
        }
    }

    @Test func pathsAreListedForCompletion() throws {
        let paths = board.paths(maxDepth: 3, maxElements: 1).map(\.description)
        #expect(paths == ["posts", "posts.count", "posts[0]", "posts[0].id", "posts[0].title", "posts[0].content"])
        #expect(encoded(CounterState()).paths().map(\.description) == ["value", "isLoading", "alertMessage"])
        #expect(board.paths(maxDepth: 1).map(\.description) == ["posts"])
    }
}

@Suite(":expect comparisons")
struct ComparisonTests {
    @Test func numbersCompareNumericallyAcrossIntAndDouble() throws {
        #expect(try ComparisonOperator.equal.evaluate(.int(1), .double(1.0)))
        #expect(try !ComparisonOperator.equal.evaluate(.int(1), .double(1.5)))
        #expect(try ComparisonOperator.less.evaluate(.int(1), .double(1.5)))
        #expect(try ComparisonOperator.greaterOrEqual.evaluate(.double(2), .int(2)))
        #expect(try ComparisonOperator.notEqual.evaluate(.int(2), .int(3)))
        #expect(try ComparisonOperator.lessOrEqual.evaluate(.int(3), .int(3)))
        #expect(try !ComparisonOperator.greater.evaluate(.int(3), .int(3)))
    }

    @Test func nanIsNeitherLessNorGreaterAndNeverAnError() throws {
        #expect(try !ComparisonOperator.less.evaluate(.double(.nan), .int(1)))
        #expect(try !ComparisonOperator.greaterOrEqual.evaluate(.double(.nan), .double(.nan)))
        #expect(try ComparisonOperator.greater.evaluate(.double(.infinity), .int(Int.max)))
    }

    @Test func stringsCompareLexicographically() throws {
        #expect(try ComparisonOperator.less.evaluate(.string("apple"), .string("banana")))
        #expect(try ComparisonOperator.equal.evaluate(.string("é"), .string("e\u{301}")))
    }

    @Test func nilAndContainersCompareByValue() throws {
        #expect(try ComparisonOperator.equal.evaluate(.null, .null))
        #expect(try ComparisonOperator.notEqual.evaluate(.string("x"), .null))
        #expect(try ComparisonOperator.equal.evaluate(.array([.int(1), .double(2)]), .array([.double(1), .int(2)])))
    }

    @Test func containsIsElementOfOrSubstring() throws {
        #expect(try ComparisonOperator.contains.evaluate(.array([.string("swift1"), .string("swift2")]), .string("swift2")))
        #expect(try !ComparisonOperator.contains.evaluate(.array([]), .string("x")))
        #expect(try ComparisonOperator.contains.evaluate(.array([.int(1)]), .double(1)))
        #expect(try ComparisonOperator.contains.evaluate(.string("increased!"), .string("creas")))
        #expect(try !ComparisonOperator.contains.evaluate(.string("abc"), .string("x")))
    }

    @Test func incomparableKindsAreErrors() {
        #expect(throws: StateComparisonError(operator: .less, actualKind: "String", expectedKind: "Int")) {
            try ComparisonOperator.less.evaluate(.string("a"), .int(1))
        }
        #expect(throws: StateComparisonError(operator: .equal, actualKind: "Int", expectedKind: "String")) {
            try ComparisonOperator.equal.evaluate(.int(1), .string("1"))
        }
        #expect(throws: StateComparisonError.self) { try ComparisonOperator.contains.evaluate(.int(1), .int(1)) }
        #expect(throws: StateComparisonError.self) { try ComparisonOperator.greater.evaluate(.null, .int(1)) }
        #expect(throws: StateComparisonError.self) { try ComparisonOperator.less.evaluate(.array([]), .array([])) }
        #expect(StateComparisonError(operator: .less, actualKind: "String", expectedKind: "Int").description == "cannot compare String with Int using '<'")
    }

    @Test func operatorsHaveTheirShellSpelling() {
        #expect(ComparisonOperator.allCases.map(\.rawValue) == ["==", "!=", "<", "<=", ">", ">=", "contains"])
    }
}
