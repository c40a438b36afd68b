import StateDiff
import Testing

/// Golden tests of the text block for the built-in reactors' typical changes (SPEC §4).
@Suite("Text format")
struct TextFormatTests {
    @Test func counterIncreaseShowsEachReduction() {
        var state = CounterState()
        var lines: [String] = []
        func reduce(_ change: (inout CounterState) -> Void) {
            var next = state
            change(&next)
            lines += TextDiffRenderer(indent: 6).lines(for: diff(encoded(state), encoded(next)))
            state = next
        }
        reduce { $0.isLoading = true }
        reduce { $0.value += 1 }
        reduce { $0.isLoading = false }
        reduce { $0.alertMessage = "increased!" }
        #expect(lines == [
            "      isLoading: false → true",
            "      value: 0 → 1",
            "      isLoading: true → false",
            "      alertMessage: nil → \"increased!\"",
        ])
    }

    @Test func githubSearchSetReposAndAppendRepos() {
        let queried = GitHubSearchState(query: "swift")
        let firstPage = GitHubSearchState(query: "swift", repos: ["swift1", "swift2", "swift3"], nextPage: 2)
        #expect(textDiff(GitHubSearchState(), queried) == ["query: nil → \"swift\""])
        #expect(textDiff(queried, firstPage) == [
            "+ repos[0]: \"swift1\"",
            "+ repos[1]: \"swift2\"",
            "+ repos[2]: \"swift3\"",
            "nextPage: nil → 2",
        ])
        var secondPage = firstPage
        secondPage.repos += ["swift4", "swift5", "swift6"]
        secondPage.nextPage = 3
        #expect(textDiff(firstPage, secondPage) == [
            "+ repos[3]: \"swift4\"",
            "+ repos[4]: \"swift5\"",
            "+ repos[5]: \"swift6\"",
            "nextPage: 2 → 3",
        ])
        #expect(textDiff(secondPage, GitHubSearchState(query: "", lastError: "HTTP 503")) == [
            "query: \"swift\" → \"\"",
            "- repos[5]: \"swift6\"",
            "- repos[4]: \"swift5\"",
            "- repos[3]: \"swift4\"",
            "- repos[2]: \"swift3\"",
            "- repos[1]: \"swift2\"",
            "- repos[0]: \"swift1\"",
            "nextPage: 3 → nil",
            "lastError: nil → \"HTTP 503\"",
        ])
    }

    @Test func scoreboardSetScore() {
        #expect(textDiff(ScoreboardState(), ScoreboardState(home: 3, away: 2)) == ["home: 0 → 3", "away: 0 → 2"])
        #expect(textDiff(ScoreboardState(home: 1), ScoreboardState(home: 1)) == ["(no change)"])
    }

    @Test func boardInsertAndRemovePosts() {
        let hello = Post(id: 1, title: "Hello", content: "")
        let second = Post(id: 2, title: "Second", content: "more")
        #expect(textDiff(BoardState(), BoardState(posts: [hello])) == [
            "+ posts[0]: {id: 1, title: \"Hello\", content: \"\"}",
        ])
        #expect(textDiff(BoardState(posts: [hello]), BoardState(posts: [second, hello])) == [
            "+ posts[0]: {id: 2, title: \"Second\", content: \"more\"}",
        ])
        #expect(textDiff(BoardState(posts: [second, hello]), BoardState(posts: [second])) == [
            "- posts[1]: {id: 1, title: \"Hello\", content: \"\"}",
        ])
    }

    @Test func writeEditorFields() {
        let typed = WriteState(title: "Hi", canSubmit: true)
        #expect(textDiff(WriteState(), typed) == ["title: \"\" → \"Hi\"", "canSubmit: false → true"])
        var dismissed = typed
        dismissed.isDismissed = true
        #expect(textDiff(typed, dismissed) == ["isDismissed: false → true"])
    }

    @Test func theIndentIsTheCallersAndNoChangeIsOneLine() {
        #expect(TextDiffRenderer(indent: 2).lines(for: []) == ["  (no change)"])
        var output = ""
        TextDiffRenderer(indent: 4).render([.replace(["a"].path, old: .int(1), new: .int(2))], into: &output)
        #expect(output == "    a: 1 → 2\n")
    }

    @Test func colorsMarkOldRedNewGreenAndInsertedAndRemovedLines() {
        let renderer = TextDiffRenderer(indent: 0, colors: true)
        #expect(renderer.lines(for: [.replace(["a"].path, old: .int(1), new: .int(2))]) == ["a: \u{1B}[31m1\u{1B}[0m → \u{1B}[32m2\u{1B}[0m"])
        #expect(renderer.lines(for: [.insert([0].path, .int(1))]) == ["\u{1B}[32m+ [0]: 1\u{1B}[0m"])
        #expect(renderer.lines(for: [.remove([0].path, .int(1))]) == ["\u{1B}[31m- [0]: 1\u{1B}[0m"])
    }

    @Test func aRootChangeIsNamedRoot() {
        #expect(TextDiffRenderer(indent: 0).lines(for: diff(.int(1), .int(2))) == ["(root): 1 → 2"])
    }

    @Test func longRunsOfReplacedElementsCollapseToOneLine() {
        let old = StateValue.object([StateField("xs", .array((0..<20).map { .int($0) }))])
        let changes = (3..<13).map { StateChange.replace(StatePath([.key("xs"), .index($0)]), old: .int($0), new: .int(-$0)) }
        #expect(TextDiffRenderer(indent: 0).lines(for: changes) == ["xs[3…12]: 10 elements replaced"])
        #expect(TextDiffRenderer(indent: 0).lines(for: Array(changes.prefix(3))).count == 3)
        _ = old
    }

    @Test func bigValuesAreShortenedWithACount() {
        let many = StateValue.array((0..<10_000).map { .string("a\($0)") })
        let line = TextDiffRenderer(indent: 0, maxValueLength: 40).lines(for: [.insert(["xs"].path, many)])
        #expect(line == ["+ xs: [\"a0\", \"a1\", \"a2\", \"a3\", \"a4\", \"a5\", … 9,994 more]"])
        let long = StateValue.string(String(repeating: "a", count: 1_200))
        #expect(long.literal(maxLength: 30) == "\"aaaaaaaaaaaa…\" (1,200 chars)")
    }
}

@Suite("Literals")
struct LiteralTests {
    @Test func scalarsReadLikeSwift() {
        #expect(StateValue.null.literal() == "nil")
        #expect(StateValue.bool(true).literal() == "true")
        #expect(StateValue.int(-42).literal() == "-42")
        #expect(StateValue.double(1).literal() == "1.0")
        #expect(StateValue.double(0.1).literal() == "0.1")
        #expect(StateValue.double(.nan).literal() == "nan")
        #expect(StateValue.double(.infinity).literal() == "inf")
        #expect(StateValue.double(-.infinity).literal() == "-inf")
    }

    @Test func stringsAreQuotedWithEscapes() {
        #expect(StateValue.string("say \"hi\"\n\ttab\\").literal() == #""say \"hi\"\n\ttab\\""#)
        #expect(StateValue.string("bell\u{7}").literal() == #""bell\u{7}""#)
        #expect(StateValue.string("héllo 👋🏽 🇫🇷").literal() == "\"héllo 👋🏽 🇫🇷\"")
    }

    @Test func graphemeClustersAreNeverSplitWhenShortening() {
        let flags = StateValue.string(String(repeating: "🇫🇷", count: 100))
        let text = flags.literal(maxLength: 20)
        #expect(text.hasSuffix("…\" (100 chars)"))
        #expect(text.unicodeScalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }.count % 2 == 0)
    }

    @Test func containersReadLikeSwiftLiterals() {
        #expect(StateValue.array([.string("a"), .string("b")]).literal() == #"["a", "b"]"#)
        #expect(StateValue.array([]).literal() == "[]")
        #expect(StateValue.object([]).literal() == "{}")
        #expect(StateValue.object([StateField("id", .int(1)), StateField("title", .string("x")), StateField("odd key", .null)]).literal()
            == #"{id: 1, title: "x", "odd key": nil}"#)
    }

    @Test func objectsAreShortenedWithACountToo() {
        let fields = (0..<50).map { StateField("field\($0)", .int($0)) }
        #expect(StateValue.object(fields).literal(maxLength: 30) == "{field0: 0, field1: 1, field2: 2, … 47 more}")
    }

    @Test func prettyTextListsTopLevelFieldsAndBreaksLongValues() {
        let state = encoded(BoardState(posts: [
            Post(id: 1, title: "Hello", content: ""),
            Post(id: 2, title: String(repeating: "long ", count: 12), content: "x"),
        ]))
        #expect(state.prettyText(width: 60) == """
            posts: [
              {id: 1, title: "Hello", content: ""},
              {
                id: 2,
                title: "long long long long long long long long long long long long ",
                content: "x"
              }
            ]
            """)
        #expect(encoded(CounterState()).prettyText() == "value: 0\nisLoading: false\nalertMessage: nil")
        #expect(StateValue.int(3).prettyText() == "3")
    }
}
