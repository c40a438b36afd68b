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

/// A plain value that counts how often it is described (reflection reads `description`).
private struct CountedLabel: CustomStringConvertible {
    nonisolated(unsafe) static var descriptions = 0
    var number: Int
    var description: String {
        Self.descriptions += 1
        return "counted(\(number))"
    }
}

extension MutationLabelerCacheTests {
    /// Two labels whose hashes differ only in the bit that picks a slot within a pair used to take
    /// each other's place on every call (found as a counter script costing 45,000 instead of
    /// 27,000 instructions a line in one build): each must stay cached while the other is asked.
    @Test func twoLabelsOfOnePairStayCachedWhenAskedInTurn() throws {
        let type = ObjectIdentifier(CountedLabel.self)
        func index(_ number: Int) -> Int { MutationLabeler.slotIndex(type, (UInt64(bitPattern: Int64(number)), 0, 0, 0)) }
        let first = 1
        let second = try #require((2..<100_000).first { index($0) == index(first) ^ 1 })
        let labeler = MutationLabeler()
        CountedLabel.descriptions = 0
        for _ in 0..<5 {
            #expect(labeler.label(for: CountedLabel(number: first)) == "counted(1)")
            #expect(labeler.label(for: CountedLabel(number: second)) == "counted(\(second))")
        }
        #expect(CountedLabel.descriptions == 2)
    }
}
