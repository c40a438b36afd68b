import StateDiff
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--format json`: JSON Lines on stdout, patches that replay the state, a closing `summary`.
@Suite("JSON output")
struct JSONOutputTests {
    /// Every stdout line parsed; fails the test on a line that is not a JSON object with an `event`.
    static func events(of result: ShellProcessResult) throws -> [StateValue] {
        try result.stdoutLines.map { line in
            let value = try StateValue(jsonText: line)
            guard case .string = value["event"] else {
                throw JSONEventError(line: line)
            }
            return value
        }
    }

    struct JSONEventError: Error, CustomStringConvertible {
        let line: String
        var description: String { "not an event object: \(line)" }
    }

    static func kind(_ event: StateValue) -> String? {
        if case .string(let name) = event["event"] { return name }
        return nil
    }

    @Test func everyLineIsJSONAndThePatchesReplayTheInitialStateIntoTheFinalOne() async throws {
        let result = try await runScript([
            ":use github-search",
            ":state",
            "updateQuery swift",
            "loadNextPage",
            "updateQuery \"sw ift\"",
            "loadNextPage",
            "loadNextPage",
            "loadNextPage",
            ":state",
        ], options: ["--format", "json"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.stderr.isEmpty, "\(result.transcript)")
        let events = try Self.events(of: result)
        let states = events.filter { Self.kind($0) == "state" }
        #expect(states.count == 2)
        var state = try #require(states.first?["state"])
        let firstStateIndex = try #require(events.firstIndex { Self.kind($0) == "state" })
        var applied = 0
        for event in events[firstStateIndex...] where Self.kind(event) == "mutation" {
            #expect(event["reactor"] == .string("github-search"))
            #expect(event["mutation"] != nil)
            let patch = try JSONPatch(jsonValue: try #require(event["patch"]))
            state = try patch.apply(to: state)
            applied += 1
        }
        #expect(applied > 10)
        #expect(state == states.last?["state"])
        let final = try #require(states.last?["state"])
        #expect(final["nextPage"] == .null)
        #expect(final["repos"] == .array((1...9).map { .string("sw ift\($0)") }))
        #expect(events.last.flatMap(Self.kind) == "summary")
    }

    @Test func theEventsCarryTheFieldsOfTheSpecification() async throws {
        let result = try await runScript([
            "increase",
            ":expect value == 1",
            "increse",
            ":state",
        ], options: ["--format", "json"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderr.isEmpty, "errors are events in JSON mode: \(result.transcript)")
        let lines = result.stdoutLines
        #expect(lines.first == #"{"event":"action","reactor":"counter","action":"increase","args":{},"source":"script.rsh","line":1}"#)
        #expect(lines.dropFirst().first == #"{"event":"mutation","reactor":"counter","mutation":"setLoading(true)","patch":[{"op":"replace","path":"/isLoading","old":false,"value":true}],"cause":{"origin":"action","step":1,"action":"increase"}}"#)
        #expect(lines.contains(#"{"event":"expect","source":"script.rsh","line":2,"ok":true,"path":"value","op":"==","expected":1,"actual":1}"#))
        #expect(lines.contains(#"{"event":"state","reactor":"counter","state":{"value":1,"isLoading":false,"alertMessage":"increased!"}}"#))
        #expect(lines.last == #"{"event":"summary","passed":1,"failed":0,"errors":1}"#)
        let events = try Self.events(of: result)
        let error = try #require(events.first { Self.kind($0) == "error" })
        #expect(error["line"] == .int(3))
        #expect(error["message"] == .string("unknown action 'increse'; did you mean 'increase'?"))
    }

    @Test func aFailedExpectationIsAnExpectEventWithOkFalseAndTheActualValue() async throws {
        let result = try await runScript([":expect value == 5", ":expect missing == 1"], options: ["--format", "json"])
        #expect(result.status == 1)
        let events = try Self.events(of: result).filter { Self.kind($0) == "expect" }
        #expect(events.count == 2)
        #expect(events.first?["ok"] == .bool(false))
        #expect(events.first?["expected"] == .int(5))
        #expect(events.first?["actual"] == .int(0))
        #expect(events.last?["ok"] == .bool(false))
        #expect(events.last?["message"] != nil, "a missing path explains itself: \(result.transcript)")
        #expect(result.lastStdoutLine == #"{"event":"summary","passed":0,"failed":2,"errors":0}"#)
    }

    @Test func informationalTextIsAnOutputEventAndEchoIsAnInputEvent() async throws {
        let result = try await runScript([":reactors", "increase", ":history"], options: ["--format", "json", "--echo"])
        #expect(result.status == 0, "\(result.transcript)")
        let events = try Self.events(of: result)
        let inputs = events.filter { Self.kind($0) == "input" }
        #expect(inputs.map { $0["text"] } == [.string(":reactors"), .string("increase"), .string(":history")])
        #expect(inputs.map { $0["line"] } == [.int(1), .int(2), .int(3)])
        let outputs = events.filter { Self.kind($0) == "output" }
        #expect(outputs.count == 2)
        guard case .string(let history)? = outputs.last?["text"] else {
            Issue.record("no history text: \(result.transcript)")
            return
        }
        #expect(history.contains("1  increase"))
    }

    @Test func traceAddsEffectEventsWithPhaseAndClockTime() async throws {
        let result = try await runScript([":set trace on", "increase"], options: ["--format", "json"])
        #expect(result.status == 0, "\(result.transcript)")
        let effects = try Self.events(of: result).filter { Self.kind($0) == "effect" }
        #expect(effects.map { $0["phase"] } == [.string("started"), .string("finished")], "\(result.transcript)")
        #expect(effects.allSatisfy { $0["reactor"] == .string("counter") && $0["action"] == .string("increase") })
        #expect(effects.last?["time_ms"].flatMap { value -> Double? in
            switch value {
            case .double(let number): return number
            case .int(let number): return Double(number)
            default: return nil
            }
        } == 500)
    }

    @Test func setFormatJSONSwitchesMidScript() async throws {
        let result = try await runScript(["increase", ":set format json", "decrease"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.first == "  · setLoading(true)")
        #expect(result.stdoutLines.contains(#"{"event":"action","reactor":"counter","action":"decrease","args":{},"source":"script.rsh","line":3}"#))
        #expect(result.lastStdoutLine == #"{"event":"summary","passed":0,"failed":0,"errors":0}"#)
    }
}
