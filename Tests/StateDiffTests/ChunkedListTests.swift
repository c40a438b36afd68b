@testable import StateDiff
import Testing

/// `ChunkedList`: an array that versions share chunk by chunk, and its incremental diff.
@Suite("Chunked list")
struct ChunkedListTests {
    struct Item: Encodable, Equatable {
        var id: Int
        var title: String
    }

    struct Board: Encodable, Equatable, StateDiffable {
        var posts: ChunkedList<Item>
        var note = ""

        func appendChanges(from old: Board, at path: StatePath, into changes: inout [StateChange]) throws {
            try StateDiff.appendChanges(from: old.posts, to: posts, at: path.appending(key: "posts"), into: &changes)
            try StateDiff.appendChanges(from: old.note, to: note, at: path.appending(key: "note"), into: &changes)
        }
    }

    /// Random inserts, removals and writes keep it equal to an array doing the same, through
    /// chunk splits and emptied chunks; it encodes as that array.
    @Test func behavesAsAnArrayThroughRandomEdits() throws {
        var generator = SeededGenerator(seed: 0xC4C4)
        var list = ChunkedList<Int>()
        var model: [Int] = []
        for step in 0..<6_000 {
            let choice = Int.random(in: 0..<10, using: &generator)
            if model.isEmpty || choice < 5 {
                let position = Int.random(in: 0...model.count, using: &generator)
                list.insert(step, at: position)
                model.insert(step, at: position)
            } else if choice < 8 {
                let position = Int.random(in: 0..<model.count, using: &generator)
                #expect(list.remove(at: position) == model.remove(at: position))
            } else {
                let position = Int.random(in: 0..<model.count, using: &generator)
                list[position] = -step
                model[position] = -step
            }
            if step % 500 == 0 {
                #expect(Array(list) == model)
                #expect(list.indices.map { list[$0] } == model)
            }
        }
        #expect(list.count == model.count)
        #expect(Array(list) == model)
        #expect(list.chunks.allSatisfy { !$0.isEmpty && $0.count <= ChunkedList<Int>.maximumChunkSize })
        #expect(list.firstIndex { $0 == model[model.count / 2] } == model.count / 2)
        #expect(try StateValue(encoding: list) == StateValue(encoding: model))
        #expect(ChunkedList(model) == list)
    }

    /// A copy shares everything; changing one element of it leaves every chunk but one shared.
    @Test func aCopyChangedInOnePlaceSharesEveryOtherChunk() {
        let original = ChunkedList((0..<20_000).map { Item(id: $0, title: "t\($0)") })
        var copy = original
        #expect(copy.bytesNotShared(with: original) == 0)
        copy[12_345].title = "renamed"
        let (oldChunks, newChunks, _) = copy.differingChunks(from: original)
        #expect(oldChunks.count == 1 && newChunks.count == 1)
        let chunkBytes = 32 + ChunkedList<Item>.maximumChunkSize * MemoryLayout<Item>.stride
        #expect(copy.bytesNotShared(with: original) <= chunkBytes + 2 * (32 + copy.chunks.capacity * 8))
        #expect(original[12_345].title == "t12345")
        let unrelated = ChunkedList((0..<20_000).map { Item(id: $0, title: "t\($0)") })
        #expect(unrelated.bytesNotShared(with: original) > 20_000 * MemoryLayout<Item>.stride)
    }

    /// The incremental changes are exactly `diff`'s for one replaced, inserted or removed element,
    /// and for random edits they turn the old encoding into the new one.
    @Test func incrementalChangesAreTheDiffOfTheEncodings() throws {
        let base = Board(posts: ChunkedList((1...3_000).reversed().map { Item(id: $0, title: "post \($0)") }))
        var renamed = base
        renamed.posts[1_500].title = "renamed"
        var inserted = base
        inserted.posts.insert(Item(id: 3_001, title: "new"), at: 0)
        var removed = base
        removed.posts.remove(at: 2_999)
        var noted = base
        noted.note = "hello"
        for new in [renamed, inserted, removed, noted, base] {
            var changes: [StateChange] = []
            try new.appendChanges(from: base, at: .root, into: &changes)
            #expect(changes == diff(try StateValue(encoding: base), try StateValue(encoding: new)))
        }
        var changes: [StateChange] = []
        try renamed.appendChanges(from: base, at: .root, into: &changes)
        #expect(changes.map(\.description) == [#"posts[1500].title: "post 1500" → "renamed""#])

        var generator = SeededGenerator(seed: 0xD1FF)
        var old = base
        for round in 0..<60 {
            var new = old
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<new.posts.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: new.posts[position].title = "edit \(round)"
                case 1: new.posts.insert(Item(id: 10_000 + round, title: "in \(round)"), at: position)
                default: new.posts.remove(at: position)
                }
            }
            var changes: [StateChange] = []
            try new.appendChanges(from: old, at: .root, into: &changes)
            #expect(try StateValue(encoding: old).applying(changes) == StateValue(encoding: new))
            old = new
        }
    }

    /// The helper for fields: equal `Equatable` values give nothing, others their diff.
    @Test func fieldsThatAreNotDiffableAreComparedThenEncoded() throws {
        var changes: [StateChange] = []
        try appendChanges(from: [1, 2, 3], to: [1, 2, 3], at: [.key("numbers")], into: &changes)
        #expect(changes.isEmpty)
        try appendChanges(from: [1, 2, 3], to: [1, 5, 3], at: [.key("numbers")], into: &changes)
        #expect(changes == [.replace([.key("numbers"), .index(1)], old: .int(2), new: .int(5))])
    }
}

/// A small deterministic generator (SplitMix64) for the seeded random edits.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
