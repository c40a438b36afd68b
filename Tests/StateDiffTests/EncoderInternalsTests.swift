@testable import StateDiff
import Testing

/// Internals of the encoder that no test of its results reaches.
@Suite("Encoder internals")
struct EncoderInternalsTests {
    /// A session used again and again (nested objects of one type, dictionaries, arrays of
    /// objects, a container whose type repeats inside itself) gives the same values each time.
    @Test func aSessionUsedAgainGivesTheSameValues() throws {
        struct Node: Encodable { var name: String; var children: [Node]; var tags: [String: Int] }
        let states: [any Encodable] = [
            CounterState(value: 1, isLoading: true, alertMessage: "a"),
            GitHubSearchState(query: "swift", repos: ["a", "b"], nextPage: 2),
            BoardState(posts: (1...40).map { Post(id: $0, title: "t\($0)", content: "") }),
            Node(name: "root", children: [
                Node(name: "a", children: [Node(name: "a1", children: [], tags: ["x": 1])], tags: [:]),
                Node(name: "b", children: [], tags: ["y": 2, "z": 3]),
            ], tags: ["top": 0]),
        ]
        let session = EncodingSession()
        let expected = try states.map { try session.encodeRoot($0) }
        for _ in 0..<3 {
            for (state, value) in zip(states, expected) { #expect(try session.encodeRoot(state) == value) }
        }
        #expect(expected[3] != .null)
    }

    /// A frame's generation wraps around without frame ids turning negative: after 2³¹
    /// encodings, values are still whole.
    @Test func frameGenerationsWrapAround() throws {
        let session = EncodingSession()
        let state = CounterState(value: 1, isLoading: true, alertMessage: "a")
        let expected = try StateValue(encoding: state)
        #expect(try session.encodeRoot(state) == expected)
        for slot in session.storage.frames.indices {
            session.storage.frames[slot].generation = 0x7FFF_FFFD
        }
        for _ in 0..<6 { #expect(try session.encodeRoot(state) == expected) }
        #expect(session.storage.frames[0].generation < 8)
    }
}
