import Testing
@testable import ReactorShell

private enum CounterMutation {
    case increaseValue
    case setLoading(Bool)
    case setAlertMessage(String)
}

private struct Post {
    var id: Int
    var title: String
    var content: String
}

private enum SearchMutation {
    case setQuery(String?)
    case setRepos([String], nextPage: Int?)
    case insertPost(Post, at: Int)
    case setFilter(Filter)
    case setRatio(Double)
    case setTags(Set<String>)
    case setCounts([String: Int])
    case setPair((Int, String))
}

private enum Filter { case all, custom(String) }

private enum ScoreMutation {
    case homeScore
    case setScore(home: Int, away: Int)
    case rename(String)
}

private struct Fast: CustomMutationLabel {
    var mutationLabel: String { "fast(1)" }
}

@Suite struct MutationLabelTests {
    @Test func caseWithoutPayloadIsItsName() {
        #expect(MutationLabel.describe(CounterMutation.increaseValue) == "increaseValue")
    }

    @Test func payloadsReadLikeSwift() {
        #expect(MutationLabel.describe(CounterMutation.setLoading(true)) == "setLoading(true)")
        #expect(MutationLabel.describe(CounterMutation.setAlertMessage("increased!")) == #"setAlertMessage("increased!")"#)
        #expect(MutationLabel.describe(SearchMutation.setRepos(["a", "b"], nextPage: 2)) == #"setRepos(["a", "b"], nextPage: 2)"#)
        #expect(MutationLabel.describe(SearchMutation.setRepos([], nextPage: nil)) == "setRepos([], nextPage: nil)")
        #expect(MutationLabel.describe(SearchMutation.setRatio(0.5)) == "setRatio(0.5)")
    }

    @Test func optionalsAreUnwrappedOrNil() {
        #expect(MutationLabel.describe(SearchMutation.setQuery(nil)) == "setQuery(nil)")
        #expect(MutationLabel.describe(SearchMutation.setQuery("swift")) == #"setQuery("swift")"#)
    }

    @Test func structsShowTheirFields() {
        let label = MutationLabel.describe(SearchMutation.insertPost(Post(id: 1, title: "x", content: ""), at: 0))
        #expect(label == #"insertPost(Post(id: 1, title: "x", content: ""), at: 0)"#)
    }

    @Test func nestedEnumCasesHaveALeadingDot() {
        #expect(MutationLabel.describe(SearchMutation.setFilter(.all)) == "setFilter(.all)")
        #expect(MutationLabel.describe(SearchMutation.setFilter(.custom("a"))) == #"setFilter(.custom("a"))"#)
    }

    @Test func collectionsAndTuples() {
        #expect(MutationLabel.describe(SearchMutation.setTags(["x"])) == #"setTags(["x"])"#)
        #expect(MutationLabel.describe(SearchMutation.setCounts([:])) == "setCounts([:])")
        #expect(MutationLabel.describe(SearchMutation.setCounts(["a": 1])) == #"setCounts(["a": 1])"#)
        // A single tuple payload looks like several payload values to Mirror, as it does to Swift.
        #expect(MutationLabel.describe(SearchMutation.setPair((1, "b"))) == #"setPair(1, "b")"#)
    }

    @Test func stringsAreEscaped() {
        #expect(MutationLabel.describe(CounterMutation.setAlertMessage("say \"hi\"\n")) == #"setAlertMessage("say \"hi\"\n")"#)
    }

    @Test func longLabelsAreShortenedWithAnEllipsis() {
        let many = SearchMutation.setRepos((1...1000).map { "repo\($0)" }, nextPage: 2)
        let label = MutationLabel.describe(many)
        #expect(label.count == 80)
        #expect(label.hasPrefix(#"setRepos(["repo1", "repo2", "#))
        #expect(label.hasSuffix("…"))
        #expect(MutationLabel.describe(many, limit: 20) == #"setRepos(["repo1", …"#)
    }

    @Test func theLabelerCachesWithoutChangingResults() {
        let labeler = MutationLabeler()
        for _ in 0..<3 {
            #expect(labeler.label(for: CounterMutation.increaseValue) == "increaseValue")
            #expect(labeler.label(for: CounterMutation.setLoading(true)) == "setLoading(true)")
            #expect(labeler.label(for: CounterMutation.setLoading(false)) == "setLoading(false)")
            #expect(labeler.label(for: CounterMutation.setAlertMessage("a")) == #"setAlertMessage("a")"#)
            #expect(labeler.label(for: CounterMutation.setAlertMessage("b")) == #"setAlertMessage("b")"#)
            #expect(labeler.label(for: Filter.all) == "all")
        }
    }

    @Test func cachedPlainPayloadsKeepTheirValues() {
        let labeler = MutationLabeler()
        for home in 0..<50 {
            #expect(labeler.label(for: ScoreMutation.setScore(home: home, away: 2)) == "setScore(home: \(home), away: 2)")
            #expect(labeler.label(for: ScoreMutation.setScore(home: 2, away: home)) == "setScore(home: 2, away: \(home))")
            #expect(labeler.label(for: ScoreMutation.homeScore) == "homeScore")
            #expect(labeler.label(for: ScoreMutation.rename("n\(home)")) == #"rename("n\#(home)")"#)
        }
    }

    @Test func existentialValuesAreDescribedNotCachedByTheirBoxes() {
        let labeler = MutationLabeler()
        let values: [Any] = [ScoreMutation.rename("a"), ScoreMutation.rename("b"), ScoreMutation.homeScore]
        #expect(values.map { labeler.label(for: $0) } == [#"rename("a")"#, #"rename("b")"#, "homeScore"])
    }

    @Test func aTypeMayGiveItsOwnLabel() {
        #expect(MutationLabel.describe(Fast()) == "fast(1)")
    }
}

@Suite struct MutationLabelBuildTests {
    @Test func piecesAndNumbersInOrder() {
        let label = MutationLabel.build(capacity: 96) { text in
            text.append("set(a: ")
            text.append(0)
            text.append(", b: ")
            text.append(-42)
            text.append(", c: ")
            text.append(Int.max)
            text.append(", d: ")
            text.append(Int.min)
            text.append(")")
        }
        #expect(label == "set(a: 0, b: -42, c: \(Int.max), d: \(Int.min))")
    }

    @Test func literalsOfEveryLengthClassAreCopiedWholeOrCut() {
        let label = MutationLabel.build(capacity: 96) { text in
            text.append("a")
            text.append("bcdefgh")
            text.append("ijklmnop")
            text.append("qrstuvwxy")
            text.append("0123456789ABCDE")
            text.append("FGHIJKLMNOPQRSTU")
            text.append("VWXYZ-the-seventeen")
        }
        #expect(label == "abcdefghijklmnopqrstuvwxy0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-the-seventeen")
        for capacity in [1, 7, 8, 9, 15, 16, 17, 20] {
            let cut = MutationLabel.build(capacity: capacity) { text in text.append("FGHIJKLMNOPQRSTUVWXYZ") }
            #expect(cut == String("FGHIJKLMNOPQRSTUVWXYZ".prefix(capacity)))
        }
    }

    @Test func tooSmallACapacityCutsTheLabelInsteadOfOverflowing() {
        let label = MutationLabel.build(capacity: 8) { text in
            text.append("setScore(")
            text.append(123_456)
        }
        #expect(label == "setScore")
        let digits = MutationLabel.build(capacity: 3) { text in text.append(123_456) }
        #expect(digits == "123")
        let negative = MutationLabel.build(capacity: 3) { text in text.append(-123_456) }
        #expect(negative == "-12")
    }
}
