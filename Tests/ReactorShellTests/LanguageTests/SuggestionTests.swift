import Testing
@testable import ReactorShell

@Suite struct SuggestionTests {
    @Test func aLeftOutLetterBeatsASubstitution() {
        #expect(Suggestions.nearest(to: "sate", among: ["save", "state", "set"]) == ["state"])
    }

    @Test func transpositionsCountAsOneEdit() {
        #expect(Suggestions.nearest(to: "increse", among: ["increase", "decrease"]) == ["increase"])
        #expect(Suggestions.nearest(to: "hlep", among: ["sleep", "help"]) == ["help"])
    }

    @Test func caseDifferencesAreNear() {
        #expect(Suggestions.nearest(to: "Increase", among: ["increase", "decrease"]) == ["increase"])
    }

    @Test func prefixesAreNear() {
        #expect(Suggestions.nearest(to: "upd", among: ["updateQuery", "loadNextPage"]) == ["updateQuery"])
    }

    @Test func farNamesAreNotSuggested() {
        #expect(Suggestions.nearest(to: "xyz", among: ["increase", "decrease"]).isEmpty)
        #expect(Suggestions.didYouMean("xyz", among: ["increase"]) == "")
    }

    @Test func tiesAreListedInCandidateOrder() {
        #expect(Suggestions.nearest(to: "homeScor", among: ["awayScore", "homeScore", "resetScore"]) == ["homeScore"])
        #expect(Suggestions.phrase(["a", "b", "c"]) == "; did you mean 'a', 'b' or 'c'?")
        #expect(Suggestions.phrase(["a", "b"]) == "; did you mean 'a' or 'b'?")
        #expect(Suggestions.didYouMean("incrase", among: ["increase"]) == "; did you mean 'increase'?")
    }
}
