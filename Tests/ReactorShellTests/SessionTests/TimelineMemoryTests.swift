import Testing
@testable import ReactorShell

/// The timeline's memory bound: points charged by what their snapshots do not share.
@MainActor
@Suite("Timeline memory")
struct TimelineMemoryTests {
    /// A footprint that charges every snapshot `bytes`, shared or not.
    final class FixedFootprint: SnapshotFootprint<Int> {
        var bytes: Int
        init(_ bytes: Int) { self.bytes = bytes }
        override func bytes(of state: Int, notSharedWith other: Int) -> Int { bytes }
    }

    @Test func pastTheByteLimitTheOldestPointsGoDownToThreeQuartersOfIt() {
        let footprint = FixedFootprint(1_000)
        let perPoint = 1_000 + Timeline.pointOverhead
        var scene = TimelineTests.Scene(limit: 1_000, byteLimit: 20 * perPoint, footprint: footprint)
        for step in 1...20 { scene.willSend(step: step, from: step - 1) }
        #expect(scene.count == 20)
        #expect(scene.timeline.storedBytes == 20 * perPoint)
        scene.willSend(step: 21, from: 20)
        #expect(scene.count == 15)
        #expect(scene.timeline.storedBytes == 15 * perPoint)
        #expect(scene.steps == Array(7...21))
        // The newest point is kept whatever its size.
        var tiny = TimelineTests.Scene(limit: 1_000, byteLimit: 10, footprint: footprint)
        for step in 1...5 { tiny.willSend(step: step, from: step - 1) }
        #expect(tiny.steps == [5])
        #expect(tiny.timeline.storedBytes == perPoint)
        tiny.clear()
        #expect(tiny.timeline.storedBytes == 0)
    }

    @Test func aWrappedRingThatGrowsKeepsEachStateWithItsStep() {
        // Dropped to 15 points in a ring of 21 slots, the ring wraps as cheaper points fill it; the
        // next point grows it, its points and states put back in order first.
        let footprint = FixedFootprint(1_000)
        let perPoint = 1_000 + Timeline.pointOverhead
        var scene = TimelineTests.Scene(limit: 1_000, byteLimit: 20 * perPoint, footprint: footprint)
        for step in 1...21 { scene.willSend(step: step, from: step - 1) }
        #expect(scene.steps == Array(7...21))
        footprint.bytes = 0
        for step in 22...28 { scene.willSend(step: step, from: step - 1) }
        #expect(scene.steps == Array(7...28))
        // Step 21's point was charged again against step 22's state, at the new price.
        #expect(scene.timeline.storedBytes == 14 * perPoint + 8 * Timeline.pointOverhead)
        var current = 28
        while let previous = scene.undo(from: current) {
            #expect(previous == current - 1)
            current = previous
        }
        #expect(current == 6)
        #expect(scene.jump(toAfter: 20, from: current) == 20)
        #expect(scene.jump(toAfter: 28, from: 20) == 28, "the live state")
    }

    @Test func theRedoBranchDroppedIsNoLongerCharged() {
        let footprint = FixedFootprint(500)
        var scene = TimelineTests.Scene(limit: 100, byteLimit: 1 << 20, footprint: footprint)
        for step in 1...10 { scene.willSend(step: step, from: step - 1) }
        for value in stride(from: 10, to: 6, by: -1) { _ = scene.undo(from: value) }
        scene.willSend(step: 11, from: 6)
        #expect(scene.count == 7)
        #expect(scene.timeline.storedBytes == 7 * (500 + Timeline.pointOverhead))
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
        let memory = NumericSetting.timeTravelMemory
        #expect(memory.parse("64MiB") == .success(64 << 20))
        #expect(memory.parse("512K") == .success(512 << 10))
        #expect(memory.parse("1GB") == .success(1 << 30))
        #expect(memory.parse("1TiB") == .success(1 << 40))
        #expect(memory.parse("1000") == .success(1_000))
        #expect(memory.parse("0") == .success(0))
        for bad in ["", "MiB", "-1MiB", "1.5MiB", "64 MiB", "99999999999999999999GiB", "64XB", "+1", "1TiB1"] {
            #expect((try? memory.parse(bad).get()) == nil, "\(bad)")
        }
        let options = try SessionOptions.parse(["--time-travel-memory", "2MiB"])
        #expect(options.configuration(environment: [:]).timeTravelMemory == 2 << 20)
        #expect(try SessionOptions.parse([]).configuration(environment: [:]).timeTravelMemory == 64 << 20)
    }
}
