import Testing
@testable import ReactorShell

/// The labeler's cache must never hand out the label of another value.
struct MutationLabelerCacheTests {
    enum Change {
        case setMessage(String)
        case setCount(Int)
        case reset
    }

    @Test func stringPayloadLabelsFollowTheStringsContentSmallAndLarge() {
        let labeler = MutationLabeler()
        let long = String(repeating: "a long message over fifteen bytes ", count: 2)
        var labels: [String] = []
        for text in ["hi", "ho", "hi", long, long + "!", long] {
            labels.append(labeler.label(for: Change.setMessage(text)))
        }
        #expect(labels == [
            "setMessage(\"hi\")", "setMessage(\"ho\")", "setMessage(\"hi\")",
            MutationLabel.describe(Change.setMessage(long)), MutationLabel.describe(Change.setMessage(long + "!")),
            MutationLabel.describe(Change.setMessage(long)),
        ])
    }

    @Test func aStringBuiltInPlaceAfterAnEarlierLabelGetsItsOwnLabel() {
        let labeler = MutationLabeler()
        var text = String(repeating: "x", count: 40)
        let first = labeler.label(for: Change.setMessage(text))
        text.append("y")
        let second = labeler.label(for: Change.setMessage(text))
        #expect(first != second)
        #expect(second == MutationLabel.describe(Change.setMessage(text)))
        #expect(labeler.label(for: Change.setCount(3)) == "setCount(3)")
        #expect(labeler.label(for: Change.reset) == "reset")
    }
}
