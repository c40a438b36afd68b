import Testing
@testable import ReactorShell

/// The timeline's memory bound: points charged by what their snapshots do not share.
@MainActor
@Suite("Timeline memory")
struct TimelineMemoryTests {
    /// A footprint that charges every snapshot `bytes`, shared or not.
    final class FixedFootprint: SnapshotFootprint {
        let bytes: Int
        init(_ bytes: Int) { self.bytes = bytes }
        override func bytes(of state: Any, notSharedWith other: Any) -> Int { bytes }
    }

    @Test func pastTheByteLimitTheOldestPointsGoDownToThreeQuartersOfIt() {
        let footprint = FixedFootprint(1_000)
        let perPoint = 1_000 + Timeline.pointOverhead
        var timeline = Timeline(limit: 1_000, byteLimit: 20 * perPoint)
        for step in 1...20 { timeline.willSend(step: step, current: SceneSnapshot(first: StateSnapshot(state: step - 1, footprint: footprint))) }
        #expect(timeline.points.count == 20)
        #expect(timeline.storedBytes == 20 * perPoint)
        timeline.willSend(step: 21, current: SceneSnapshot(first: StateSnapshot(state: 20, footprint: footprint)))
        #expect(timeline.points.count == 15)
        #expect(timeline.storedBytes == 15 * perPoint)
        #expect(timeline.steps == Array(7...21))
        // The newest point is kept whatever its size.
        var tiny = Timeline(limit: 1_000, byteLimit: 10)
        for step in 1...5 { tiny.willSend(step: step, current: SceneSnapshot(first: StateSnapshot(state: step - 1, footprint: footprint))) }
        #expect(tiny.steps == [5])
        #expect(tiny.storedBytes == perPoint)
        tiny.clear()
        #expect(tiny.storedBytes == 0)
    }

    @Test func theRedoBranchDroppedIsNoLongerCharged() {
        let footprint = FixedFootprint(500)
        var timeline = Timeline(limit: 100, byteLimit: 1 << 20)
        for step in 1...10 { timeline.willSend(step: step, current: SceneSnapshot(first: StateSnapshot(state: step - 1, footprint: footprint))) }
        for value in stride(from: 10, to: 6, by: -1) { _ = timeline.undo(current: SceneSnapshot(first: StateSnapshot(state: value, footprint: footprint))) }
        timeline.willSend(step: 11, current: SceneSnapshot(first: StateSnapshot(state: 6, footprint: footprint)))
        #expect(timeline.points.count == 7)
        #expect(timeline.storedBytes == 7 * (500 + Timeline.pointOverhead))
    }

    @Test func otherStatesAreChargedTheirEncodedSize() {
        struct Notes: Encodable { var lines: [String] }
        let footprint = makeSnapshotFootprint(for: Notes.self)
        let notes = Notes(lines: (0..<1_000).map { "a line long enough to be stored apart \($0)" })
        let bytes = footprint.bytes(of: notes, notSharedWith: notes)
        #expect(bytes > 1_000 * 40)
        #expect(bytes < 1_000 * 200)
    }

    @Test func theBudgetIsReadFromTheCommandLine() throws {
        #expect(ByteSize(argument: "64MiB") == ByteSize(bytes: 64 << 20))
        #expect(ByteSize(argument: "512K") == ByteSize(bytes: 512 << 10))
        #expect(ByteSize(argument: "1GB") == ByteSize(bytes: 1 << 30))
        #expect(ByteSize(argument: "1000") == ByteSize(bytes: 1_000))
        #expect(ByteSize(argument: "0") == ByteSize(bytes: 0))
        for bad in ["", "MiB", "-1MiB", "1.5MiB", "64 MiB", "99999999999999999999GiB", "64XB"] {
            #expect(ByteSize(argument: bad) == nil, "\(bad)")
        }
        let options = try SessionOptions.parse(["--time-travel-memory", "2MiB"])
        #expect(options.configuration(environment: [:]).timeTravelMemory == 2 << 20)
        #expect(try SessionOptions.parse([]).configuration(environment: [:]).timeTravelMemory == 64 << 20)
    }
}
