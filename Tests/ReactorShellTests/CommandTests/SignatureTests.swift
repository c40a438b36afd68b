import Testing
@testable import ReactorShell

@Suite struct SignatureTests {
    @Test func signaturesReadLikeSwift() {
        #expect(scoreCommands.map(\.signature.signatureText) == [
            "homeScore",
            "setScore(home: Int, away: Int)",
            "add(count: Int = 1)",
            "tune(ratio: Double, loud: Bool? = nil)",
            "updateQuery(query: String?)",
            "rename(name: String)",
        ])
    }

    @Test func defaultsAreShownAsLiterals() {
        let signature = CommandSignature(name: "f", doc: "", parameters: [
            .string("s", default: "a \"b\""), .double("d", default: 2), .bool("b", default: false), .optionalInt("i", default: 3),
        ])
        #expect(signature.signatureText == #"f(s: String = "a \"b\"", d: Double = 2.0, b: Bool = false, i: Int? = 3)"#)
    }

    @Test func helpTextIsSignatureAndDoc() {
        #expect(scoreCommands[1].signature.helpText == "setScore(home: Int, away: Int)\n  Sets both scores.")
        #expect(scoreCommands[5].signature.helpText == "rename(name: String)")
    }

    @Test func listingAlignsTheDocs() {
        let lines = CommandListing.lines(for: scoreCommands.prefix(3).map(\.signature))
        #expect(lines == [
            "  homeScore                       One point for home.",
            "  setScore(home: Int, away: Int)  Sets both scores.",
            "  add(count: Int = 1)             Adds points.",
        ])
    }
}
