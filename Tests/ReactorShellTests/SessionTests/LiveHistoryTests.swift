import ReactorCore
import StateDiff
import Testing
@testable import ReactorShell

/// The live view's history read from the session's record (`LiveHistory`), against the events a
/// live feed wrote while the same lines ran with the view on from the start.
@MainActor
@Suite("Live view history")
struct LiveHistoryTests {
    /// Collects what a live feed writes, added before the first line as `--serve` adds it.
    @MainActor
    private final class FeedCapture {
        var events: [String] = []
        var feed: LiveEventFeed?

        init(on harness: SessionHarness) {
            let sink = OutputSink()
            sink.interceptor = { [unowned self] in events.append($0) }
            let feed = LiveEventFeed(sink: sink, scene: harness.session.runner.scene)
            harness.session.addReader(feed)
            feed.sceneLoaded()
            self.feed = feed
        }

        func written() -> [String] {
            feed?.flush()
            return events
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
        let served = SessionHarness()
        let capture = FeedCapture(on: served)
        for line in Self.lines { await served.run(line) }
        let unserved = SessionHarness()
        for line in Self.lines { await unserved.run(line) }
        let live = capture.written()
        let history = unserved.session.runner.liveHistory().events()
        #expect(live.count == history.count)
        #expect(live.contains { $0.contains(#""event":"expect""#) && $0.contains(#""ok":true"#) })
        #expect(live.contains { $0.contains(#""event":"error""#) && $0.contains("unknown action 'nope'") })
        let liveRead = try Self.read(live), historyRead = try Self.read(history)
        for (index, (a, b)) in zip(liveRead, historyRead).enumerated() {
            // Every event but its patch is the same; the states are the same at each step's
            // start (its action's event), after each step of time travel, and at the end.
            #expect(a.event == b.event, "event \(index + 1)")
            let isStepBoundary = a.event.objectField("event") == .string("action") || history[index].contains(#""mutation":"("#)
            if isStepBoundary || index == live.count - 1 { #expect(a.states == b.states, "states after event \(index + 1)") }
        }
        // A step in which a reactor changed once (nearly every line) gets its exact patch; here
        // `rename first` shares its step with the end of `slowAdd 3 &`, whose effect overlapped it.
        for label in [#""addValue(2)""#, #""addValue(4)""#, #""(undo)""#, #""(redo)""#, #""(reset)""#, #""addValue(1)""#] {
            #expect(live.filter { $0.contains(label) } == history.filter { $0.contains(label) }, "\(label)")
        }
    }

    /// The events a feed from the start wrote for `lines` and those the history of a session that
    /// ran them unserved gives (in `entry`'s scene), flushed.
    private static func liveAndHistory(of lines: [String], entry: String = "tally") async -> (live: [String], history: [String]) {
        let served = SessionHarness(entry: entry)
        let capture = FeedCapture(on: served)
        for line in lines { await served.run(line) }
        let unserved = SessionHarness(entry: entry)
        for line in lines { await unserved.run(line) }
        return (capture.written(), unserved.session.runner.liveHistory().events())
    }

    /// Expects the history to be the live events, event by event (`patches`: their patches too).
    private static func expectSame(
        _ live: [String], _ history: [String], patches: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(live.count == history.count, "\(live.count) live events, \(history.count) in the history", sourceLocation: sourceLocation)
        let liveEvents = try patches ? live.map { try StateValue(jsonText: $0) } : read(live).map(\.event)
        let historyEvents = try patches ? history.map { try StateValue(jsonText: $0) } : read(history).map(\.event)
        for (index, (a, b)) in zip(liveEvents, historyEvents).enumerated() where a != b {
            Issue.record("event \(index + 1): live \(live[index])\nhistory \(history[index])", sourceLocation: sourceLocation)
        }
    }

    @Test func aStepAbandonedByTimeTravelKeepsItsStartingState() async throws {
        // `:jump 1` then `add 5`: steps 2 and 3 are abandoned (the timeline drops them).
        let (live, history) = await Self.liveAndHistory(of: ["add 1", "add 2", "rename three", ":jump 1", "add 5", "add 6"])
        try Self.expectSame(live, history)
        let undone = await Self.liveAndHistory(of: ["add 1", "add 2", ":undo", ":undo", "rename again", "add 3"])
        try Self.expectSame(undone.live, undone.history)
    }

    @Test func theEffectsTracedAreInTheHistory() async throws {
        let (live, history) = await Self.liveAndHistory(
            of: [":set trace on", "slowAdd 2", "explode", "timeoutAdd", "slowAdd 1 &", "add 1", ":set trace off", "slowAdd 1"])
        #expect(live.contains { $0.contains(#""event":"effect""#) && $0.contains(#""phase":"started""#) })
        #expect(live.contains { $0.contains(#""event":"effect""#) && $0.contains(#""phase":"failed""#) })
        // The line that turned the trace on, though an action line follows it at once.
        #expect(live.contains { $0.contains(#""event":"input""#) && $0.contains(#":set trace on"#) })
        try Self.expectSame(live, history, patches: false)
    }

    @Test func theStepsBeforeManyResetsKeepTheirStates() async throws {
        // One mutation a step: only the states before each step tell the two apart.
        var lines: [String] = []
        for round in 1...5 { lines += ["add \(round)", "rename r\(round)", ":reset"] }
        let (live, history) = await Self.liveAndHistory(of: lines + ["add 9"])
        try Self.expectSame(live, history)
    }

    @Test func theHistoryOfAServedSessionIsWhatItsFeedWrote() async throws {
        let served = SessionHarness()
        let capture = FeedCapture(on: served)
        for line in Self.lines { await served.run(line) }
        let history = served.session.runner.liveHistory().events()
        #expect(try Self.read(capture.written()).map(\.event) == Self.read(history).map(\.event))
    }
}

extension StateValue {
    fileprivate func objectField(_ key: String) -> StateValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }
}
