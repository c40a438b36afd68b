import Testing

@testable import ReactorShell

@Suite("Error messages stay short")
struct DiagnosticTextTests {
    @Test func aLongQuotedTokenKeepsItsFirst80CharactersAndAnEllipsis() {
        let token = String(repeating: "x", count: 10_000)
        let diagnostic = Diagnostic(LineOrigin(source: "s.rsh", line: 3), column: 1, "unknown action '\(token)'; did you mean 'increase'?")
        #expect(diagnostic.message == "unknown action '\(String(repeating: "x", count: 80))…'; did you mean 'increase'?")
    }

    @Test func shortQuotesAndDoubleQuotesAreKeptAsTheyAre() {
        let message = #"setScore: argument 'home' expects Int, got "\#(String(repeating: "y", count: 80))""#
        #expect(DiagnosticText.bounded(message, quoteLimit: 80) == message)
        let long = #"got "\#(String(repeating: "y", count: 81))" here"#
        #expect(DiagnosticText.bounded(long, quoteLimit: 80) == #"got "\#(String(repeating: "y", count: 80))…" here"#)
    }

    @Test func aMessageWhoseQuotesDoNotPairIsStillCut() {
        let token = "a'" + String(repeating: "b", count: 5_000)
        let bounded = DiagnosticText.bounded("found '\(token)'", quoteLimit: 80)
        #expect(bounded.count <= DiagnosticText.messageLimit + 1)
        #expect(bounded.hasSuffix("…"))
    }
}
