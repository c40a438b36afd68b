@testable import StateDiff
import Testing

/// `StateObjectWritable` types write their fields over the storage of a value handed back with
/// `StateValue.recycle`: whatever that storage held (another type's keys, more or fewer fields, an
/// array still held elsewhere), the value written is the one a fresh writer gives, and the same
/// as the type's `Encodable` encoding, nested or not.
@Suite("State object writer")
struct StateObjectWriterTests {
    struct Pair: Encodable, StateObjectWritable {
        var home: Int, away: Int
        func writeFields(to object: inout StateObjectWriter) {
            object.write("home", home)
            object.write("away", away)
        }
    }

    struct Wide: Encodable, StateObjectWritable {
        var name: String? = "x", count = 1, flag: Bool? = true, ratio = 2.5, tags: [String] = [], ids: [Int] = [3]
        var pair = Pair(home: 1, away: 2), extra: Double? = nil, value = StateValue.array([.null, .bool(false)])
        var note = "note", level: Int? = nil, on = false
        func writeFields(to object: inout StateObjectWriter) {
            object.write("name", name)
            object.write("count", count)
            object.write("flag", flag)
            object.write("ratio", ratio)
            object.write("tags", tags)
            object.write("ids", ids)
            object.write("pair", pair)
            object.write("extra", extra)
            object.write("value", value)
            object.write("note", note)
            object.write("level", level)
            object.write("on", on)
        }
    }

    /// A `Pair` under an `Encodable` parent: the encoder asks it for its own description.
    struct Holder: Encodable {
        var pair: Pair
        var pairs: [Pair]
        var label = "holder"
    }

    /// `value`'s synthesized encoding (the wrapper has no description of its own).
    struct ThroughEncodable<Value: Encodable>: Encodable {
        let value: Value
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    func expected<Value: Encodable>(_ value: Value) throws -> StateValue {
        try StateValue(encoding: ThroughEncodable(value: value))
    }

    @Test func writtenFieldsAreTheEncodedOnes() throws {
        #expect(Pair(home: .min, away: .max).stateValue == .object([StateField("home", .int(.min)), StateField("away", .int(.max))]))
        let wides = [Wide(), Wide(name: nil, count: -7, flag: nil, ratio: .infinity, tags: ["", "é"], ids: [], extra: 0.1, level: 4, on: true)]
        for wide in wides {
            #expect(try wide.stateValue == expected(wide))
        }
        let holder = Holder(pair: Pair(home: 3, away: 4), pairs: [Pair(home: 5, away: 6), Pair(home: 7, away: 8)])
        #expect(try StateValue(encoding: holder) == expected(holder))
    }

    /// Values of several types in turn, each written over the previous one's recycled fields.
    @Test func recycledFieldsOfAnyShapeAreWrittenOverOrDropped() throws {
        let values: [any Encodable & StateObjectWritable] = [
            Wide(), Pair(home: 1, away: 2), Pair(home: 3, away: 4), Wide(name: "y", count: 9), Pair(home: 5, away: 6),
            Wide(tags: ["a", "b"]), Wide(), Pair(home: 7, away: 8),
        ]
        var previous: StateValue?
        for value in values + values {
            if let previous { StateValue.recycle(previous) }
            let written = value.stateValue
            #expect(try written == expected(AnyWritable(base: value)))
            previous = written
        }
    }

    /// The same over storage the caller keeps (`init(writing:over:)`, `recycle(_:into:)`).
    @Test func storageKeptByTheCallerIsWrittenOverOrDropped() throws {
        let values: [any Encodable & StateObjectWritable] = [
            Pair(home: 1, away: 2), Wide(), Wide(name: nil, tags: ["t"]), Pair(home: 3, away: 4), Pair(home: 5, away: 6), Wide(),
        ]
        var storage: [StateField] = []
        var previous: StateValue?
        for value in values + values {
            if let previous { StateValue.recycle(previous, into: &storage) }
            #expect(previous == nil || storage.capacity > 0)
            let written = StateValue(writing: value, over: &storage)
            #expect(storage.isEmpty)
            #expect(try written == expected(AnyWritable(base: value)))
            previous = written
        }
        // A value still held elsewhere is copied before it is written over.
        let kept = Pair(home: 7, away: 8).stateValue
        StateValue.recycle(kept, into: &storage)
        #expect(StateValue(writing: Pair(home: 9, away: 10), over: &storage) == Pair(home: 9, away: 10).stateValue)
        #expect(kept == .object([StateField("home", .int(7)), StateField("away", .int(8))]))
    }

    @Test func aRecycledValueStillHeldElsewhereIsNotChangedUnderItsHolder() {
        let first = Pair(home: 1, away: 2).stateValue
        let kept = first
        StateValue.recycle(first)
        #expect(Pair(home: 3, away: 4).stateValue == .object([StateField("home", .int(3)), StateField("away", .int(4))]))
        #expect(kept == .object([StateField("home", .int(1)), StateField("away", .int(2))]))
    }

    struct AnyWritable: Encodable {
        let base: any Encodable & StateObjectWritable
        func encode(to encoder: any Encoder) throws { try base.encode(to: encoder) }
    }
}
