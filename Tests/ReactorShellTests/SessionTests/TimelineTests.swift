import Testing
@testable import ReactorShell

/// The bounded timeline under `:undo`, `:redo` and `:jump`.
@MainActor
@Suite("Timeline")
struct TimelineTests {
    /// The states of a one-reactor scene whose state is `value`.
    static func snapshot(_ value: Int) -> SceneSnapshot { SceneSnapshot(first: StateSnapshot(state: value)) }
    static func value(_ snapshots: SceneSnapshot?) -> Int? { snapshots?.first.state as? Int }

    /// A timeline after actions 1…`count`, where action `n` moved the state from `n - 1` to `n`.
    static func timeline(actions count: Int, limit: Int = 100) -> Timeline {
        var timeline = Timeline(limit: limit)
        for step in 1...count { timeline.willSend(step: step, current: snapshot(step - 1)) }
        return timeline
    }

    @Test func undoWalksBackOneActionAtATimeAndStopsAtTheStart() {
        var timeline = Self.timeline(actions: 3)
        #expect(Self.value(timeline.undo(current: Self.snapshot(3))) == 2)
        #expect(Self.value(timeline.undo(current: Self.snapshot(2))) == 1)
        #expect(Self.value(timeline.undo(current: Self.snapshot(1))) == 0)
        #expect(timeline.undo(current: Self.snapshot(0)) == nil)
        #expect(timeline.undo(current: Self.snapshot(0)) == nil)
    }

    @Test func redoComesBackToTheLiveStateAndNoFurther() {
        var timeline = Self.timeline(actions: 2)
        _ = timeline.undo(current: Self.snapshot(2))
        _ = timeline.undo(current: Self.snapshot(1))
        #expect(Self.value(timeline.redo()) == 1)
        #expect(Self.value(timeline.redo()) == 2)
        #expect(timeline.redo() == nil)
    }

    @Test func redoAtTheLiveEndIsNothing() {
        var timeline = Self.timeline(actions: 2)
        #expect(timeline.redo() == nil)
    }

    @Test func aNewActionAfterUndoDropsTheRedoBranch() {
        var timeline = Self.timeline(actions: 3)
        _ = timeline.undo(current: Self.snapshot(3))
        _ = timeline.undo(current: Self.snapshot(2))
        timeline.willSend(step: 4, current: Self.snapshot(1))
        #expect(timeline.redo() == nil)
        #expect(timeline.steps == [1, 4])
        #expect(Self.value(timeline.undo(current: Self.snapshot(10))) == 1)
        #expect(Self.value(timeline.undo(current: Self.snapshot(1))) == 0)
        #expect(timeline.undo(current: Self.snapshot(0)) == nil)
    }

    @Test func jumpGoesToTheStateAfterAStepInEitherDirection() {
        var timeline = Self.timeline(actions: 4)
        #expect(Self.value(timeline.jump(toAfter: 0, current: Self.snapshot(4))) == 0)
        #expect(Self.value(timeline.jump(toAfter: 2, current: Self.snapshot(0))) == 2)
        #expect(Self.value(timeline.jump(toAfter: 1, current: Self.snapshot(2))) == 1)
        #expect(Self.value(timeline.jump(toAfter: 4, current: Self.snapshot(1))) == 4, "the live state")
        #expect(timeline.redo() == nil, "back at the live end")
    }

    @Test func jumpBeforeTheTimelineIsNothing() {
        var timeline = Timeline(limit: 10)
        #expect(timeline.jump(toAfter: 0, current: Self.snapshot(0)) == nil, "no steps yet")
        timeline.willSend(step: 5, current: Self.snapshot(4))
        timeline.willSend(step: 6, current: Self.snapshot(5))
        #expect(timeline.jump(toAfter: 3, current: Self.snapshot(6)) == nil)
        #expect(Self.value(timeline.jump(toAfter: 4, current: Self.snapshot(6))) == 4)
    }

    @Test func theTimelineIsBoundedAndForgetsTheOldestSteps() {
        var timeline = Self.timeline(actions: 1_000, limit: 10)
        #expect(timeline.points.count < 20)
        #expect(timeline.steps.last == 1_000)
        var undone = 0
        var current = Self.snapshot(1_000)
        while let previous = timeline.undo(current: current) {
            current = previous
            undone += 1
        }
        #expect(undone == timeline.points.count)
        #expect(undone >= 10)
        #expect(timeline.jump(toAfter: 1, current: current) == nil, "step 1 was forgotten")
    }

    @Test func clearForgetsEverything() {
        var timeline = Self.timeline(actions: 3)
        _ = timeline.undo(current: Self.snapshot(3))
        timeline.clear()
        #expect(timeline.steps.isEmpty)
        #expect(timeline.undo(current: Self.snapshot(0)) == nil)
        #expect(timeline.redo() == nil)
    }
}
