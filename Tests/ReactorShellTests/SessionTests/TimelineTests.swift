import Testing
@testable import ReactorShell

/// The bounded timeline under `:undo`, `:redo` and `:jump`.
@MainActor
@Suite("Timeline")
struct TimelineTests {
    /// A one-reactor scene whose state is an integer, with its timeline.
    @MainActor
    struct Scene {
        /// The reactor's state.
        final class Cell {
            var value = 0
        }

        let cell = Cell()
        var timeline: Timeline

        init(limit: Int = 100, byteLimit: Int = Timeline.defaultByteLimit, footprint: SnapshotFootprint<Int>? = nil) {
            let cell = cell
            timeline = Timeline(limit: limit, byteLimit: byteLimit, histories: [
                StateHistory(current: { cell.value }, restore: { cell.value = $0 }, footprint: footprint)
            ])
        }

        /// The steps that can be jumped to.
        var steps: [Int] { timeline.steps }

        /// How many points the timeline keeps.
        var count: Int { timeline.count }

        mutating func clear() { timeline.clear() }

        /// The action of step `step` sent with the state at `value`.
        mutating func willSend(step: Int, from value: Int) {
            cell.value = value
            timeline.willSend(step: step)
        }

        /// `:undo` with the state at `value`: the state it restores, nil when none.
        mutating func undo(from value: Int) -> Int? {
            cell.value = value
            return restore(timeline.undo())
        }

        /// `:redo`: the state it restores, nil when none.
        mutating func redo() -> Int? { restore(timeline.redo()) }

        /// `:jump` to after step `step` with the state at `value`: the state it restores, nil when none.
        mutating func jump(toAfter step: Int, from value: Int) -> Int? {
            cell.value = value
            return restore(timeline.jump(toAfter: step))
        }

        private func restore(_ target: Timeline.Target?) -> Int? {
            guard let target else { return nil }
            timeline.restore(target)
            return cell.value
        }
    }

    /// A scene after actions 1…`count`, where action `n` moved the state from `n - 1` to `n`.
    static func scene(actions count: Int, limit: Int = 100) -> Scene {
        var scene = Scene(limit: limit)
        for step in 1...count { scene.willSend(step: step, from: step - 1) }
        scene.cell.value = count
        return scene
    }

    @Test func undoWalksBackOneActionAtATimeAndStopsAtTheStart() {
        var timeline = Self.scene(actions: 3)
        #expect(timeline.undo(from: 3) == 2)
        #expect(timeline.undo(from: 2) == 1)
        #expect(timeline.undo(from: 1) == 0)
        #expect(timeline.undo(from: 0) == nil)
        #expect(timeline.undo(from: 0) == nil)
    }

    @Test func redoComesBackToTheLiveStateAndNoFurther() {
        var timeline = Self.scene(actions: 2)
        _ = timeline.undo(from: 2)
        _ = timeline.undo(from: 1)
        #expect(timeline.redo() == 1)
        #expect(timeline.redo() == 2)
        #expect(timeline.redo() == nil)
    }

    @Test func redoAtTheLiveEndIsNothing() {
        var timeline = Self.scene(actions: 2)
        #expect(timeline.redo() == nil)
    }

    @Test func aNewActionAfterUndoDropsTheRedoBranch() {
        var timeline = Self.scene(actions: 3)
        _ = timeline.undo(from: 3)
        _ = timeline.undo(from: 2)
        timeline.willSend(step: 4, from: 1)
        #expect(timeline.redo() == nil)
        #expect(timeline.steps == [1, 4])
        #expect(timeline.undo(from: 10) == 1)
        #expect(timeline.undo(from: 1) == 0)
        #expect(timeline.undo(from: 0) == nil)
    }

    @Test func jumpGoesToTheStateAfterAStepInEitherDirection() {
        var timeline = Self.scene(actions: 4)
        #expect(timeline.jump(toAfter: 0, from: 4) == 0)
        #expect(timeline.jump(toAfter: 2, from: 0) == 2)
        #expect(timeline.jump(toAfter: 1, from: 2) == 1)
        #expect(timeline.jump(toAfter: 4, from: 1) == 4, "the live state")
        #expect(timeline.redo() == nil, "back at the live end")
    }

    @Test func jumpBeforeTheTimelineIsNothing() {
        var timeline = Scene(limit: 10)
        #expect(timeline.jump(toAfter: 0, from: 0) == nil, "no steps yet")
        timeline.willSend(step: 5, from: 4)
        timeline.willSend(step: 6, from: 5)
        #expect(timeline.jump(toAfter: 3, from: 6) == nil)
        #expect(timeline.jump(toAfter: 4, from: 6) == 4)
    }

    @Test func theTimelineIsBoundedAndForgetsTheOldestSteps() {
        var timeline = Self.scene(actions: 1_000, limit: 10)
        #expect(timeline.count < 20)
        #expect(timeline.steps.last == 1_000)
        var undone = 0
        var current = 1_000
        while let previous = timeline.undo(from: current) {
            #expect(previous == current - 1)
            current = previous
            undone += 1
        }
        #expect(undone == timeline.count)
        #expect(undone >= 10)
        #expect(timeline.jump(toAfter: 1, from: current) == nil, "step 1 was forgotten")
    }

    @Test func clearForgetsEverything() {
        var timeline = Self.scene(actions: 3)
        _ = timeline.undo(from: 3)
        timeline.clear()
        #expect(timeline.steps.isEmpty)
        #expect(timeline.undo(from: 0) == nil)
        #expect(timeline.redo() == nil)
    }

    @Test func aPointSavedAfterClearIsSettledAsItWasSaved() {
        // Before one ring of points, `clear` kept the settled flags of the points it dropped,
        // and the next points read those: an undo passed over a point saved with nothing in flight.
        var scene = Self.Scene()
        scene.cell.value = 1
        scene.timeline.willSend(step: 1, settled: false)
        scene.cell.value = 2
        scene.timeline.willSend(step: 2, settled: false)
        scene.clear()
        scene.willSend(step: 3, from: 5)
        #expect(scene.undo(from: 6) == 5)
    }
}
