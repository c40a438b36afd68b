import Testing
import StateDiff

/// Optionals of leaf types encoded as values (not as keyed properties) read as the value or null.
struct OptionalLeafEncodingTests {
    /// Wraps a value and encodes it through a single-value container, as `Pulse` does.
    struct Wrapped<Value: Encodable>: Encodable {
        let value: Value
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    struct Record: Encodable {
        let message: Wrapped<String?>
        let count: Wrapped<Int?>
        let flags: [Bool?]
        let ratios: [Double?]
    }

    @Test func optionalLeavesReadAsTheirValueOrNull() throws {
        let record = Record(
            message: Wrapped(value: "hi"), count: Wrapped(value: nil), flags: [true, nil], ratios: [nil, 0.5])
        let value = try StateValue(encoding: record)
        #expect(value == .object([
            StateField("message", .string("hi")), StateField("count", .null),
            StateField("flags", .array([.bool(true), .null])), StateField("ratios", .array([.null, .double(0.5)])),
        ]))
    }
}
