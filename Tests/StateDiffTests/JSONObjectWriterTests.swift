import StateDiff
import Testing

/// The JSON Lines events written field by field are the text of the same object built as a value.
@Suite("JSON object writer")
struct JSONObjectWriterTests {
    private func written(_ body: (inout JSONObjectWriter) -> Void) -> String {
        var text = ""
        JSONObjectWriter.withObject(body) { bytes in text = String(decodingUTF8: bytes) }
        return text
    }

    @Test func eachKindOfFieldIsWhatTheValueRenders() {
        let arguments = [StateField("home", .int(-3)), StateField("odd \"key\"", .string("x\ny")), StateField("ok", .bool(true))]
        let text = written { event in
            event.field(.event, "action")
            event.field(.reactor, "a \"quoted\"\\ name\u{01}")
            event.field(.line, Int.min)
            event.field(.args, object: arguments)
            event.field(.state, .array([.null, .double(0.5), .string("é👋🏽")]))
        }
        let expected = StateValue.object([
            StateField("event", .string("action")), StateField("reactor", .string("a \"quoted\"\\ name\u{01}")),
            StateField("line", .int(Int.min)), StateField("args", .object(arguments)),
            StateField("state", .array([.null, .double(0.5), .string("é👋🏽")])),
        ]).jsonText
        #expect(text == expected)
    }

    @Test func patchesOfRandomEditsAreWhatJSONPatchRenders() {
        var random = RandomStates(seed: 0x5EED_0A11)
        for _ in 0..<2_000 {
            let old = random.value(depth: 4)
            let new = random.edited(old)
            let changes = diff(old, new)
            let text = written { event in
                event.field(.mutation, "m")
                event.field(.patch, patchOf: changes)
            }
            let expected = StateValue.object([
                StateField("mutation", .string("m")), StateField("patch", JSONPatch(changes).jsonValue),
            ]).jsonText
            #expect(text == expected)
        }
    }

    /// Each kind of operation, with a path whose key needs JSON Pointer escapes (`~`, `/`) and a
    /// JSON string escape (`"`): the path's quotes are written with the constant text around it.
    @Test func everyKindOfPatchOperationHasItsExactBytes() {
        let old = StateValue.object([
            StateField("a~b/c\"", .int(1)), StateField("gone", .bool(true)), StateField("list", .array([.int(1)])),
        ])
        let new = StateValue.object([
            StateField("a~b/c\"", .int(2)), StateField("list", .array([.int(1), .null])),
        ])
        let text = written { $0.field(.patch, patchOf: diff(old, new)) }
        #expect(text == #"{"patch":[{"op":"remove","path":"/gone","old":true},"#
            + #"{"op":"replace","path":"/a~0b~1c\"","old":1,"value":2},{"op":"add","path":"/list/1","value":null}]}"#)
    }

    @Test func aNestedObjectIsWhatTheValueRenders() {
        let text = written { event in
            event.field(.event, "mutation")
            event.object(.cause) { cause in
                cause.field(.origin, "event")
                cause.field(.step, 3)
            }
            event.object(.empty) { _ in }
            event.field(.after, 1)
        }
        let expected = StateValue.object([
            StateField("event", .string("mutation")),
            StateField("cause", .object([StateField("origin", .string("event")), StateField("step", .int(3))])),
            StateField("empty", .object([])), StateField("after", .int(1)),
        ]).jsonText
        #expect(text == expected)
    }

    @Test func constantAndDottedFieldsAreWhatTheirStringsRender() {
        let odd = "a \"quoted\"\\ name\u{01}é"
        let text = written { event in
            event.field(.event, constant: "mutation")
            event.field(.action, odd, dot: "say(\"hi\")\n")
            event.field(.plain, nil, dot: odd)
        }
        let expected = StateValue.object([
            StateField("event", .string("mutation")), StateField("action", .string(odd + ".say(\"hi\")\n")),
            StateField("plain", .string(odd)),
        ]).jsonText
        #expect(text == expected)
    }

    @Test func aRepeatedValueAndConstantFieldsBeforeAKeyAreWhatTheValueRenders() {
        // Long enough that the text moves to larger memory while the repeated value is copied.
        let label = "say(\"hi\") é\n" + String(repeating: "x", count: 600)
        let text = written { event in
            event.field(.mutationEventReactor, "r")
            let labelText = event.field(.mutation, label)
            event.object(.cause) { cause in
                cause.field(.origin, "action")
                cause.field(.action, repeating: labelText)
            }
            event.field(.action, repeating: labelText)
        }
        let expected = StateValue.object([
            StateField("event", .string("mutation")), StateField("reactor", .string("r")),
            StateField("mutation", .string(label)),
            StateField("cause", .object([StateField("origin", .string("action")), StateField("action", .string(label))])),
            StateField("action", .string(label)),
        ]).jsonText
        #expect(text == expected)
    }

    @Test func anEmptyObjectAndAnEmptyPatch() {
        #expect(written { _ in } == "{}")
        #expect(written { $0.field(.patch, patchOf: []) } == #"{"patch":[]}"#)
    }

    @Test func stringsEscapeQuotesBackslashesAndEveryControlCharacterOnly() {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let text = StateValue.string(controls + "\"\\/\u{7F}é").jsonText
        #expect(text == #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\"\\/"#
            + "\u{7F}é\"")
    }
}

/// The keys these tests write.
extension JSONKey {
    fileprivate static var action: JSONKey { JSONKey(#","action":"#) }
    fileprivate static var after: JSONKey { JSONKey(#","after":"#) }
    fileprivate static var args: JSONKey { JSONKey(#","args":"#) }
    fileprivate static var cause: JSONKey { JSONKey(#","cause":"#) }
    fileprivate static var empty: JSONKey { JSONKey(#","empty":"#) }
    fileprivate static var event: JSONKey { JSONKey(#","event":"#) }
    fileprivate static var line: JSONKey { JSONKey(#","line":"#) }
    fileprivate static var mutation: JSONKey { JSONKey(#","mutation":"#) }
    fileprivate static var mutationEventReactor: JSONKey { JSONKey(#","event":"mutation","reactor":"#) }
    fileprivate static var origin: JSONKey { JSONKey(#","origin":"#) }
    fileprivate static var patch: JSONKey { JSONKey(#","patch":"#) }
    fileprivate static var plain: JSONKey { JSONKey(#","plain":"#) }
    fileprivate static var reactor: JSONKey { JSONKey(#","reactor":"#) }
    fileprivate static var state: JSONKey { JSONKey(#","state":"#) }
    fileprivate static var step: JSONKey { JSONKey(#","step":"#) }
}
