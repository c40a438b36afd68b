import StateDiff
import Testing
import TestSupport
@testable import ReactorShell

/// The formatter's fast path must give exactly what its general code gives on every line it writes.
@Suite struct ScriptFormatterDifferentialTests {
    @Test func simpleActionLinesMatchTheGeneralFormatter() {
        let values: [StateValue] = [
            .null, .bool(true), .bool(false), .int(0), .int(7), .int(-42), .int(Int.max), .int(Int.min), .string(""),
            .string("swift"), .string("two words"), .string("é😀"), .string("a\"b"), .string("back\\slash"), .string("line\nbreak"),
            .string("\u{7F}"), .double(2), .double(-0.25), .array([.int(1)]), .object([StateField("k", .null)]),
        ]
        var random = SplitMix64(seed: 42)
        for _ in 0..<5_000 {
            let reactor = random.pick([nil, "board", "github-search"])
            let command = random.pick(["increase", "setScore", "updateQuery", "x"])
            let fields = (0..<random.next(below: 4)).map { index in
                StateField(random.pick(["home", "away", "query", "q\(index)"]), random.pick(values))
            }
            let general = ScriptFormatter.generalActionLine(reactor: reactor, command: command, fields: fields)
            #expect(ScriptFormatter.actionLine(reactor: reactor, command: command, fields: fields) == general)
            if let simple = ScriptFormatter.simpleActionLine(reactor: reactor, command: command, fields: fields) {
                #expect(simple == general)
            }
        }
        #expect(ScriptFormatter.simpleActionLine(reactor: nil, command: "setScore", fields: [
            StateField("home", .int(Int.min)), StateField("away", .int(Int.max)),
        ]) == "setScore home: -9223372036854775808 away: 9223372036854775807")
    }
}
