import StateDiff
import Testing

@Suite("JSON text and parsing")
struct JSONTests {
    @Test func stateRendersAsCompactJSONInKeyOrder() {
        #expect(encoded(CounterState(value: 1, alertMessage: "increased!")).jsonText
            == #"{"value":1,"isLoading":false,"alertMessage":"increased!"}"#)
        #expect(encoded(BoardState()).jsonText == #"{"posts":[]}"#)
    }

    @Test func doublesKeepAFractionAndNonFiniteOnesBecomeStrings() {
        #expect(StateValue.array([.double(1), .double(0.5), .double(.nan), .double(.infinity), .double(-.infinity)]).jsonText
            == #"[1.0,0.5,"NaN","Infinity","-Infinity"]"#)
    }

    @Test func stringsAreEscapedForJSON() {
        #expect(StateValue.string("a\"b\\c\nd\u{1}é👋🏽").jsonText == #""a\"b\\c\nd\u0001é👋🏽""#)
    }

    /// Strings are scanned for escapes eight bytes at a time: every byte that needs one is found
    /// at every position of strings of every length up to 20, next to every byte that does not.
    @Test func everyByteNeedingAnEscapeIsEscapedWhereverItStands() {
        func reference(_ bytes: [UInt8]) -> String {
            var text = "\""
            for byte in bytes {
                switch byte {
                case 0x22: text += "\\\""
                case 0x5C: text += "\\\\"
                case 0x0A: text += "\\n"
                case 0x0D: text += "\\r"
                case 0x09: text += "\\t"
                case 0x08: text += "\\b"
                case 0x0C: text += "\\f"
                case 0..<0x20: text += "\\u00" + String(byte, radix: 16).leftPadded(to: 2)
                default: text += String(UnicodeScalar(byte))
                }
            }
            return text + "\""
        }
        let special: [UInt8] = Array(0..<0x20) + [0x22, 0x5C]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x41, 0x5B, 0x5D, 0x7E, 0x7F, 0x60, 0x3F, 0x40, 0x1F + 0x41]
        for length in 0...20 {
            let filler = (0..<length).map { plain[$0 % plain.count] }
            #expect(StateValue.string(String(decoding: filler, as: UTF8.self)).jsonText == reference(filler))
            for position in 0..<length {
                for byte in special {
                    var bytes = filler
                    bytes[position] = byte
                    #expect(StateValue.string(String(decoding: bytes, as: UTF8.self)).jsonText == reference(bytes))
                }
            }
            // Two escapes at every two positions, side by side too: the bytes between, before and
            // after them are copied as runs.
            for first in 0..<length {
                for second in first..<length {
                    for (one, other) in [(UInt8(0x22), UInt8(0x5C)), (0x0A, 0x01), (0x22, 0x22)] {
                        var bytes = filler
                        bytes[first] = one
                        bytes[second] = other
                        #expect(StateValue.string(String(decoding: bytes, as: UTF8.self)).jsonText == reference(bytes))
                    }
                }
            }
        }
        // A long string, with non-ASCII text between its escapes.
        let long = "setAlert(\"é👋🏽 saved\")\n" + String(repeating: "x", count: 40) + "\""
        #expect(StateValue.string(long).jsonText == "\"" + long.map { $0 == "\"" ? "\\\"" : $0 == "\n" ? "\\n" : String($0) }.joined() + "\"")
    }

    /// Integers are written two digits at a time: every digit count, both signs, both ends.
    @Test func integersAreWrittenInFullAtEveryLength() {
        var numbers = [0, 1, 9, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 1...18 {
            power *= 10
            numbers += [power - 1, power, power + 1, power + power / 2 + 7]
        }
        for number in numbers + numbers.map({ $0 == Int.min ? Int.max : -$0 }) {
            #expect(StateValue.int(number).jsonText == String(number))
            #expect(StateValue.int(number).literal() == String(number))
        }
    }

    /// Integers are written four digits a turn: every group of four, alone, after a leading
    /// group, between zeros, and at both ends of the range.
    @Test func integersAreWrittenInFullWithEveryGroupOfFourDigits() {
        for group in 0..<10_000 {
            for number in [group, 10_000 + group, 700_000_000 + group * 10_000 + 3, Int.max - group, Int.min + group] {
                #expect(StateValue.int(number).jsonText == String(number))
            }
        }
    }

    @Test func parsingGivesBackTheSameValue() throws {
        let values: [StateValue] = [
            encoded(GitHubSearchState(query: "swift", repos: ["a", "b"], nextPage: 2)),
            .array([.double(1.0), .int(-3), .double(2.5e-8), .null, .bool(false), .object([])]),
            .string("tab\there \u{0} 🇫🇷 \"q\""),
        ]
        for value in values {
            #expect(try StateValue(jsonText: value.jsonText) == value)
        }
    }

    @Test func parsingHandlesWhitespaceEscapesAndSurrogatePairs() throws {
        let value = try StateValue(jsonText: " { \"a\" : [ 1 , 2.0 , \"\\u00e9\\ud83d\\ude00\\/\" ] , \"b\":null }\n")
        #expect(value == .object([
            StateField("a", .array([.int(1), .double(2), .string("é😀/")])),
            StateField("b", .null),
        ]))
        #expect(try StateValue(jsonText: "12345678901234567890123") == .double(Double("12345678901234567890123")!))
    }

    @Test func parseErrorsNameLineAndColumn() {
        #expect(throws: JSONParseError(line: 2, column: 3, message: "expected ',' or '}' in object, found '\"'")) {
            try StateValue(jsonText: "{\"a\":1\n  \"b\"2}")
        }
        #expect(throws: JSONParseError(line: 1, column: 1, message: "unterminated string")) {
            try StateValue(jsonText: "\"abc")
        }
        #expect(throws: JSONParseError(line: 1, column: 3, message: "expected end of input, found '1'")) {
            try StateValue(jsonText: "1 1")
        }
        #expect(throws: JSONParseError.self) { try StateValue(jsonText: "") }
        #expect(throws: JSONParseError.self) { try StateValue(jsonText: "[1,]") }
        #expect(throws: JSONParseError.self) { try StateValue(jsonText: "01") }
        #expect(throws: JSONParseError.self) { try StateValue(jsonText: "\"\\x\"") }
        #expect(throws: JSONParseError.self) { try StateValue(jsonText: String(repeating: "[", count: 10_000)) }
    }
}

@Suite("JSON Patch")
struct JSONPatchTests {
    @Test func replaceCarriesTheOldValueLikeTheSpecExample() {
        let patch = JSONPatch(diff(encoded(CounterState()), encoded(CounterState(isLoading: true))))
        #expect(patch.jsonText == #"[{"op":"replace","path":"/isLoading","old":false,"value":true}]"#)
    }

    @Test func insertsAreAddsAndRemovesCarryTheOldValue() {
        let hello = Post(id: 1, title: "Hello", content: "")
        let patch = JSONPatch(diff(encoded(BoardState(posts: [hello])), encoded(BoardState(posts: [Post(id: 2, title: "x", content: "")]))))
        #expect(patch.jsonText == #"[{"op":"remove","path":"/posts/0","old":{"id":1,"title":"Hello","content":""}},{"op":"add","path":"/posts/0","value":{"id":2,"title":"x","content":""}}]"#)
    }

    /// Keys of every length from 1 to 24 bytes, plain identifiers and ones with one byte that
    /// needs an escape at each position: the pointer is the key with `~` and `/` escaped, and the
    /// path string of a patch (as JSONPatch renders it and as the JSON Lines writer writes it) is
    /// that pointer escaped as JSON, whichever way the key is copied.
    @Test func pointersOfKeysOfEveryLengthAndEscapePosition() {
        let alphabet = Array("abcXYZ_019")
        let odd: [(byte: Character, inPointer: String, inJSON: String)] = [
            ("~", "~0", "~0"), ("/", "~1", "~1"), ("\"", "\"", #"\""#), ("\n", "\n", #"\n"#), ("é", "é", "é"),
        ]
        for length in 1...24 {
            let plain = String((0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] })
            let leading = "q" + plain.dropFirst()
            for key in [plain, leading] {
                #expect(StatePath([.key(key), .index(length)]).jsonPointer == "/\(key)/\(length)")
            }
            for position in 0..<length {
                for escape in odd {
                    var characters = Array(leading)
                    characters[position] = escape.byte
                    let key = String(characters)
                    let pointer = "/" + leading.enumerated().map { $0.offset == position ? escape.inPointer : String($0.element) }.joined()
                    let inJSON = "/" + leading.enumerated().map { $0.offset == position ? escape.inJSON : String($0.element) }.joined()
                    #expect(StatePath([.key(key)]).jsonPointer == pointer)
                    let changes = diff(.object([StateField(key, .int(1))]), .object([StateField(key, .int(2))]))
                    let expected = #"[{"op":"replace","path":""# + inJSON + #"","old":1,"value":2}]"#
                    #expect(JSONPatch(changes).jsonText == expected)
                    var written = ""
                    JSONObjectWriter.withObject { $0.field(JSONKey(#","patch":"#), patchOf: changes) } emit: { written = String(decodingUTF8: $0) }
                    #expect(written == #"{"patch":"# + expected + "}")
                }
            }
        }
    }

    @Test func pointersEscapeTildeAndSlash() throws {
        #expect(StatePath([.key("a/b"), .key("m~n"), .index(3)]).jsonPointer == "/a~1b/m~0n/3")
        #expect(StatePath.root.jsonPointer == "")
        let old = StateValue.object([StateField("a/b", .object([StateField("m~n", .int(1))]))])
        let new = StateValue.object([StateField("a/b", .object([StateField("m~n", .int(2))]))])
        let text = JSONPatch(diff(old, new)).jsonText
        #expect(text == #"[{"op":"replace","path":"/a~1b/m~0n","old":1,"value":2}]"#)
        #expect(try JSONPatch(jsonValue: StateValue(jsonText: text)).apply(to: old) == new)
    }

    @Test func applyingFollowsRFC6902() throws {
        let document = try StateValue(jsonText: #"{"xs":[1,2],"o":{}}"#)
        let patch = try JSONPatch(jsonValue: StateValue(jsonText: """
            [{"op":"add","path":"/xs/-","value":3},{"op":"add","path":"/xs/0","value":0},
             {"op":"remove","path":"/xs/1"},{"op":"add","path":"/o/k","value":"v"},
             {"op":"replace","path":"/o/k","value":"w"},{"op":"add","path":"/o/k","value":"z"}]
            """))
        #expect(try patch.apply(to: document) == StateValue(jsonText: #"{"xs":[0,2,3],"o":{"k":"z"}}"#))
        #expect(try JSONPatch(operations: [JSONPatchOperation(op: .replace, path: "", value: .int(1))]).apply(to: document) == .int(1))
    }

    @Test func badPatchesAreErrorsNamingTheOperation() throws {
        let document = try StateValue(jsonText: #"{"xs":[1]}"#)
        #expect(throws: JSONPatchError("operation 0 (remove /xs/5): index 5 out of range (1 elements)")) {
            try JSONPatch(operations: [JSONPatchOperation(op: .remove, path: "/xs/5")]).apply(to: document)
        }
        #expect(throws: JSONPatchError("operation 0 (replace /nope): no member 'nope'")) {
            try JSONPatch(operations: [JSONPatchOperation(op: .replace, path: "/nope", value: .null)]).apply(to: document)
        }
        #expect(throws: JSONPatchError("operation 0 (add /xs/01): '01' is not an array index")) {
            try JSONPatch(operations: [JSONPatchOperation(op: .add, path: "/xs/01", value: .null)]).apply(to: document)
        }
        #expect(throws: JSONPatchError.self) { try JSONPatch(jsonValue: StateValue(jsonText: #"[{"op":"move","path":"/a"}]"#)) }
        #expect(throws: JSONPatchError.self) { try JSONPatch(jsonValue: StateValue(jsonText: #"{"op":"add"}"#)) }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
