import ReactorCore
import StateDiff
import Testing
@testable import ReactorShell

/// The live view's history read from the session's record (`LiveHistory`), against the events a
/// live feed wrote while the same lines ran with the view on from the start.
@MainActor
@Suite("Live view history")
struct LiveHistoryTests {
    /// Collects what a live feed writes (through its writer, into a file), added before the first
    /// line as `--serve` adds it.
    @MainActor
    private final class FeedCapture {
        let file = FeedFile()
        var feed: LiveEventFeed?

        init(on harness: SessionHarness) {
            let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
            harness.session.addReader(feed)
            feed.sceneLoaded()
            self.feed = feed
        }

        func written() -> [String] {
            feed?.flush()
            return file.finishedLines()
        }
    }

    /// The event without its patch, and the reactors' states after it (patches applied in order).
    private static func read(_ events: [String]) throws -> [(event: StateValue, states: StateValue)] {
        var states: [StateField] = []
        var read: [(StateValue, StateValue)] = []
        for text in events {
            guard case .object(var fields) = try StateValue(jsonText: text) else { throw JSONPatchError("not an object") }
            let kind = fields.first { $0.key == "event" }?.value
            if kind == .string("scene"), case .object(let reactors)? = fields.first(where: { $0.key == "reactors" })?.value {
                states = reactors
            }
            if kind == .string("mutation"), let patch = fields.first(where: { $0.key == "patch" })?.value,
               case .string(let reactor)? = fields.first(where: { $0.key == "reactor" })?.value,
               let index = states.firstIndex(where: { $0.key == reactor })
            {
                states[index].value = try JSONPatch(jsonValue: patch).apply(to: states[index].value)
                fields.removeAll { $0.key == "patch" }
            }
            read.append((.object(fields), .object(states)))
        }
        return read
    }

    static let lines = [
        "add 2", "slowAdd 3 &", "rename first", "explode", ":expect total == 9", ":expect total == 5", "nope",
        ":undo", ":redo", "add 4", "add 13", ":reset", "timeoutAdd", "add 1",
    ]

    @Test func theHistoryOfASessionHasTheEventsAFeedFromTheStartWroteWithTheStateAtEachStep() async throws {
        let (live, history) = await Self.liveAndHistory(of: Self.lines)
        #expect(live.contains { $0.contains(#""event":"expect""#) && $0.contains(#""ok":true"#) })
        #expect(live.contains { $0.contains(#""event":"error""#) && $0.contains("unknown action 'nope'") })
        // Every event the same, patches included: `rename first` shares its step with the end of
        // `slowAdd 3 &`, whose effect overlapped it; time travel, a reset, a cancelled effect.
        try Self.expectSame(live, history)
        #expect(try Self.read(live).last?.states == Self.read(history).last?.states)
    }

    /// The events a feed from the start wrote for `lines` and those the history of a session that
    /// ran them unserved gives (in `entry`'s scene), flushed. The unserved session is a
    /// `run --html`'s unless `configure` says otherwise (`{ _ in }`: a plain batch run).
    private static func liveAndHistory(
        of lines: [String], entry: String = "tally",
        unserved configure: (inout ShellConfiguration) -> Void = { $0.htmlFile = "export.html" }
    ) async -> (live: [String], history: [String]) {
        let served = SessionHarness(entry: entry)
        let capture = FeedCapture(on: served)
        for line in lines { await served.run(line) }
        let unserved = SessionHarness(entry: entry, configure: configure)
        for line in lines { await unserved.run(line) }
        return (capture.written(), unserved.session.runner.liveHistory().events())
    }

    /// Expects the history to be the live events, event by event, patches included, byte for byte
    /// (the feed's writer and the export's printer make the text with the same code).
    private static func expectSame(_ live: [String], _ history: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(live.count == history.count, "\(live.count) live events, \(history.count) in the history", sourceLocation: sourceLocation)
        #expect(live == history, sourceLocation: sourceLocation)
        for (index, (a, b)) in zip(live, history).enumerated() where try StateValue(jsonText: a) != StateValue(jsonText: b) {
            Issue.record("event \(index + 1): live \(a)\nhistory \(b)", sourceLocation: sourceLocation)
        }
    }

    @Test func eachMutationOfAStepOfSeveralGetsItsOwnPatch() async throws {
        // `slowAdd 2`: pending on, the value, pending off, one step; `rename` overlapped by
        // `slowAdd 3 &`, whose later mutations fall in its step.
        let (live, history) = await Self.liveAndHistory(of: ["slowAdd 2", "slowAdd 3 &", "rename first", "add 1"])
        #expect(live.contains { $0.contains(#""mutation":"setPending(true)""#) && $0.contains(#""path":"/pending","old":false,"value":true"#) })
        try Self.expectSame(live, history)
    }

    @Test func aPlainBatchRunKeepsNoStatesWithinASteps() async throws {
        // Nothing asked for an export at the start: the step's last mutation carries its change,
        // the earlier ones an empty patch; the states after the step are the same.
        let lines = ["slowAdd 2", "add 1"]
        let (live, history) = await Self.liveAndHistory(of: lines, unserved: { _ in })
        let pending = history.first { $0.contains(#""mutation":"setPending(true)""#) }
        #expect(pending?.contains(#""patch":[]"#) == true, "\(pending ?? "none")")
        #expect(history.contains { $0.contains(#""mutation":"setPending(false)""#) && $0.contains(#""path":"/total","old":0,"value":2"#) })
        #expect(try Self.read(live).last?.states == Self.read(history).last?.states)
        // The interactive shell and a live view asked for at the start keep them; a plain run not.
        var served = ShellConfiguration()
        served.liveView = LiveViewSettings()
        for (configuration, interactive, keeps) in [(ShellConfiguration(), true, true), (served, false, true), (ShellConfiguration(), false, false)] {
            let session = ShellSession(
                registry: SessionTallyReactor.registry, configuration: configuration, sink: OutputSink(), interactive: interactive)
            #expect(session.record.keepsStatesWithinSteps == keeps)
        }
    }

    @Test func theMutationsOfSeveralReactorsInOneStepGetTheirOwnPatches() async throws {
        let (live, history) = await Self.liveAndHistory(
            of: ["left.slowAdd 2", "right.slowAdd 1 &", "left.slowAdd 3", "right.add 4"], entry: "pair")
        try Self.expectSame(live, history)
    }

    @Test func theStatesWithinTheStepsOfAnEarlierSceneAreKept() async throws {
        // The reactors that kept them are gone with their scene: the record has them.
        let (live, history) = await Self.liveAndHistory(
            of: ["slowAdd 2", "slowAdd 3 &", "rename first", ":use pair", "left.slowAdd 1", ":undo", ":use tally", "slowAdd 4"])
        try Self.expectSame(live, history)
    }

    @Test func aStepAbandonedByTimeTravelKeepsItsStartingState() async throws {
        // `:jump 1` then `add 5`: steps 2 and 3 are abandoned (the timeline drops them).
        let (live, history) = await Self.liveAndHistory(of: ["add 1", "add 2", "slowAdd 3", ":jump 1", "add 5", "add 6"])
        try Self.expectSame(live, history)
        let undone = await Self.liveAndHistory(of: ["slowAdd 1", "add 2", ":undo", ":undo", "rename again", "add 3"])
        try Self.expectSame(undone.live, undone.history)
    }

    @Test func theEffectsTracedAreInTheHistory() async throws {
        let (live, history) = await Self.liveAndHistory(
            of: [":set trace on", "slowAdd 2", "explode", "timeoutAdd", "slowAdd 1 &", "add 1", ":set trace off", "slowAdd 1"])
        #expect(live.contains { $0.contains(#""event":"effect""#) && $0.contains(#""phase":"started""#) })
        #expect(live.contains { $0.contains(#""event":"effect""#) && $0.contains(#""phase":"failed""#) })
        // The line that turned the trace on, though an action line follows it at once.
        #expect(live.contains { $0.contains(#""event":"input""#) && $0.contains(#":set trace on"#) })
        try Self.expectSame(live, history)
    }

    @Test func theStepsBeforeManyResetsKeepTheirStates() async throws {
        // One mutation a step: only the states before each step tell the two apart.
        var lines: [String] = []
        for round in 1...5 { lines += ["add \(round)", "rename r\(round)", ":reset"] }
        let (live, history) = await Self.liveAndHistory(of: lines + ["add 9"])
        try Self.expectSame(live, history)
    }

    @Test func theHistoryOfAServedSessionIsWhatItsFeedWrote() async throws {
        // `--serve`: the live view asked for at the start.
        let served = SessionHarness { $0.liveView = LiveViewSettings() }
        let capture = FeedCapture(on: served)
        for line in Self.lines { await served.run(line) }
        try Self.expectSame(capture.written(), served.session.runner.liveHistory().events())
    }
}
