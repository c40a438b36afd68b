import StateDiff
import Testing
@testable import ReactorShell

/// The JSON Lines events carry exactly the field names of SPEC §4, in that order.
@MainActor
@Suite("JSON events")
struct JSONEventTests {
    static func keys(_ line: String) throws -> [String] {
        try StateValue(jsonText: line).keys
    }

    @Test func actionAndMutationEventsHaveTheSpecifiedFields() async throws {
        let harness = SessionHarness(format: .json)
        await harness.run("add amount: 2")
        let lines = harness.takeStdout()
        #expect(lines == [
            #"{"event":"action","reactor":"tally","action":"add","args":{"amount":2},"source":"test.rsh","line":1}"#,
            #"{"event":"mutation","reactor":"tally","mutation":"addValue(2)","patch":[{"op":"replace","path":"/total","old":0,"value":2},{"op":"add","path":"/items/0","value":2}],"cause":{"origin":"action","step":1,"action":"add(2)"}}"#,
        ])
        #expect(try Self.keys(lines[0]) == ["event", "reactor", "action", "args", "source", "line"])
        #expect(try Self.keys(lines[1]) == ["event", "reactor", "mutation", "patch", "cause"])
    }

    @Test func expectEventsHaveTheSpecifiedFields() async throws {
        let harness = SessionHarness(format: .json)
        await harness.run(":expect total == 0", ":expect label != nil")
        let lines = harness.takeStdout()
        #expect(lines == [
            #"{"event":"expect","source":"test.rsh","line":1,"ok":true,"path":"total","op":"==","expected":0,"actual":0}"#,
            #"{"event":"expect","source":"test.rsh","line":2,"ok":false,"path":"label","op":"!=","expected":null,"actual":null}"#,
        ])
        #expect(harness.takeStderr() == [], "JSON mode writes nothing to stderr")
    }

    @Test func errorEventsNameTheLineAndMessage() async throws {
        let harness = SessionHarness(format: .json)
        await harness.run("ad 1")
        let lines = harness.takeStdout()
        #expect(lines.count == 1)
        let event = try StateValue(jsonText: try #require(lines.first))
        #expect(event["event"] == .string("error"))
        #expect(event["line"] == .int(1))
        #expect(event["message"] == .string("unknown action 'ad'; did you mean 'add'?"))
        let keys = try Self.keys(lines[0])
        #expect(keys.first == "event")
        #expect(Set(["line", "message"]).isSubset(of: Set(keys)))
        #expect(harness.takeStderr() == [])
    }

    @Test func stateAndSummaryEventsHaveTheSpecifiedFields() async throws {
        let harness = SessionHarness(format: .json)
        await harness.run("rename x", ":state")
        _ = harness.takeStdout().dropLast()
        await harness.run(":state")
        let state = harness.takeStdout()
        #expect(state == [#"{"event":"state","reactor":"tally","state":{"total":0,"pending":false,"label":"x","items":[]}}"#])
        harness.session.printSummary()
        #expect(harness.takeStdout() == [#"{"event":"summary","passed":0,"failed":0,"errors":0}"#])
    }

    @Test func aStateEventForAPathNamesThePath() async throws {
        let harness = SessionHarness(format: .json)
        await harness.run("add 4", ":state items[0]")
        #expect(harness.takeStdout().last == #"{"event":"state","reactor":"tally","path":"items[0]","state":4}"#)
    }

    @Test func otherReactorsArePrefixedAndNamedInEvents() async throws {
        let harness = SessionHarness(format: .json, entry: "pair")
        await harness.run("right.add 1", ":state right:total")
        #expect(harness.takeStdout() == [
            #"{"event":"action","reactor":"right","action":"add","args":{"amount":1},"source":"test.rsh","line":1}"#,
            #"{"event":"mutation","reactor":"right","mutation":"addValue(1)","patch":[{"op":"replace","path":"/total","old":0,"value":1},{"op":"add","path":"/items/0","value":1}],"cause":{"origin":"action","step":1,"action":"right.add(1)"}}"#,
            #"{"event":"state","reactor":"right","path":"total","state":1}"#,
        ])
    }

    /// The printer keeps the last reactor's name and the last script path as JSON text: each
    /// event still names its own reactor and source when they change from line to line, when a
    /// scene is loaded again (new reactors under the same names) and when a path needs escapes.
    @Test func eventsNameTheirOwnReactorAndSourceWhenTheseChange() async throws {
        let harness = SessionHarness(format: .json, entry: "pair")
        let steps: [(source: String, line: String, reactor: String?)] = [
            ("a.rsh", "left.add 1", "left"), ("a.rsh", "right.add 2", "right"),
            ("b \"odd\"\\path\n.rsh", "right.add 3", "right"), ("a.rsh", "left.add 4", "left"),
            ("a.rsh", ":use tally", nil), ("c.rsh", "add 5", "tally"),
            ("c.rsh", ":use pair", nil), ("c.rsh", "left.add 6", "left"),
        ]
        for (number, step) in steps.enumerated() {
            _ = await harness.session.execute(
                line: step.line, origin: LineOrigin(source: step.source, line: number + 1), waitAfterAction: true)
            let events = try harness.takeStdout().map { try StateValue(jsonText: $0) }
            guard let reactor = step.reactor else { continue }
            let action = try #require(events.first { $0["event"] == .string("action") })
            #expect(action["reactor"] == .string(reactor))
            #expect(action["source"] == .string(step.source))
            #expect(action["line"] == .int(number + 1))
            let mutation = try #require(events.first { $0["event"] == .string("mutation") })
            #expect(mutation["reactor"] == .string(reactor))
        }
    }
}
