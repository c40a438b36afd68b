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

    @Test func twoValuesThatHashToTheSameSlotAreBothKept() throws {
        // Two counts whose labels would share one slot of a direct-mapped cache.
        let labeler = MutationLabeler()
        func slot(_ value: Change) -> Int {
            var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            withUnsafeBytes(of: value) { source in
                withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: source) }
            }
            return MutationLabeler.slotIndex(ObjectIdentifier(Change.self), words)
        }
        let first = Change.setCount(0)
        let second = try #require((1..<100_000).lazy.map(Change.setCount).first { slot($0) == slot(first) })
        for _ in 0..<3 {
            #expect(labeler.label(for: first) == "setCount(0)")
            #expect(labeler.label(for: second) == MutationLabel.describe(second))
        }
        let pair = slot(first) & ~1
        let cached = Set([labeler.slots[pair].label, labeler.slots[pair + 1].label])
        #expect(cached == ["setCount(0)", MutationLabel.describe(second)])
    }
}
