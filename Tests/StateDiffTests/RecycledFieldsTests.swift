@testable import StateDiff
import Testing

/// `StateValue.recycle` hands a value's fields array to the encoder, which writes the next object
/// over the fields left in it. Whatever was left there (another type's keys, more or fewer fields,
/// another order, an array still held elsewhere), the values encoded are those of a fresh encoder.
@Suite("Recycled fields")
struct RecycledFieldsTests {
    struct Pair: Encodable { var home: Int; var away: Int }
    struct Wide: Encodable { var a = "x"; var b = 1; var c = true; var d = 2.5; var e: Int? = nil }
    struct Reordered: Encodable {
        var away: Int, home: Int
        enum CodingKeys: String, CodingKey { case away, home }
    }
    /// A leaf, then a nested container, then a leaf: the nested one is filled in when the object finishes.
    struct Nesting: Encodable {
        var first: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(first, forKey: .first)
            var inner = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
            try inner.encode(first + 1, forKey: .first)
            try container.encode("last", forKey: .last)
        }
        enum Key: String, CodingKey { case first, inner, last }
    }

    /// Encodes each value with `session` after handing it the previous value's fields, as
    /// `recycle` does, and compares with a fresh session's encoding.
    private func expectFreshValues(_ values: [any Encodable], recycling session: EncodingSession) throws {
        var previous: StateValue?
        for value in values {
            if case .object(var fields)? = previous {
                previous = nil
                session.storage.keepSpare(&fields)
            }
            let encoded = try session.encodeRoot(value)
            #expect(try encoded == EncodingSession().encodeRoot(value))
            previous = encoded
        }
    }

    @Test func theSameTypeAgainReplacesOnlyTheValues() throws {
        try expectFreshValues((0..<20).map { Pair(home: $0, away: -$0) }, recycling: EncodingSession())
    }

    @Test func otherTypesOtherKeysAndOtherCountsAreWrittenOverOrDropped() throws {
        let values: [any Encodable] = [
            Wide(), Pair(home: 1, away: 2), Wide(a: "y", e: 4), Reordered(away: 5, home: 6), Pair(home: 7, away: 8),
            Nesting(first: 1), Pair(home: 9, away: 10), Nesting(first: 2), Wide(), CounterState(value: 3, alertMessage: "m"),
            ["k": 1, "j": 2], Pair(home: 11, away: 12),
        ]
        try expectFreshValues(values + values, recycling: EncodingSession())
    }

    @Test func aRecycledArrayStillHeldElsewhereIsNotChangedUnderItsHolder() throws {
        let session = EncodingSession()
        let first = try session.encodeRoot(Pair(home: 1, away: 2))
        let kept = first
        guard case .object(var fields) = first else { Issue.record("not an object"); return }
        session.storage.keepSpare(&fields)
        #expect(try session.encodeRoot(Pair(home: 3, away: 4)) == .object([StateField("home", .int(3)), StateField("away", .int(4))]))
        #expect(kept == .object([StateField("home", .int(1)), StateField("away", .int(2))]))
    }

    /// Keyed, or a field written through a keyed container and then a single value instead.
    struct Switching: Encodable {
        var single: Bool
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if single {
                try container.encode(1, forKey: .a)
                var value = encoder.singleValueContainer()
                try value.encode(5)
            } else {
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
            }
        }
        enum Key: String, CodingKey { case a, b }
    }

    @Test func aFrameThatEndsAsASingleValueLeavesNoFieldsForTheNextValue() throws {
        try expectFreshValues(
            [Switching(single: false), Switching(single: true), Pair(home: 1, away: 2), Switching(single: false),
             Switching(single: true), Wide(), Pair(home: 3, away: 4)],
            recycling: EncodingSession())
    }

    @Test func theShellsWayThroughThePoolGivesFreshValues() throws {
        for round in 0..<10 {
            let value: any Encodable = round % 3 == 0 ? Wide(b: round) : Pair(home: round, away: round * 2)
            let encoded = try StateValue(encoding: value)
            #expect(try encoded == EncodingSession().encodeRoot(value))
            StateValue.recycle(encoded)
        }
    }
}
