import StateDiff
import Testing

/// Objects compared position by position while their keys agree, and by key from the first
/// position where they do not: the changes found before that position are not kept twice.
@Suite("diff of objects")
struct DiffObjectTests {
    private func object(_ fields: (String, StateValue)...) -> StateValue {
        .object(fields.map { StateField($0.0, $0.1) })
    }

    @Test func aNestedObjectWhoseLastKeyChangesListsEachChangeOnce() {
        let old = object(("score", object(("home", .int(1)), ("away", .int(2)), ("set", .int(0)))))
        let new = object(("score", object(("home", .int(3)), ("away", .int(4)), ("sets", .int(0)))))
        #expect(diff(old, new) == [
            .remove(["score", "set"].path, .int(0)),
            .replace(["score", "home"].path, old: .int(1), new: .int(3)),
            .replace(["score", "away"].path, old: .int(2), new: .int(4)),
            .insert(["score", "sets"].path, .int(0)),
        ])
    }

    @Test func aChangedContainerBeforeADifferingKeyIsDiffedOnceInside() {
        let old = object(("list", .array([.int(1), .int(2)])), ("a", .int(0)))
        let new = object(("list", .array([.int(1), .int(2), .int(3)])), ("b", .int(0)))
        let changes = diff(old, new)
        #expect(changes == [
            .remove(["a"].path, .int(0)),
            .insert(StatePath([.key("list"), .index(2)]), .int(3)),
            .insert(["b"].path, .int(0)),
        ])
        #expect((try? old.applying(changes)) == new)
    }

    @Test func arraysGrowingAndShrinkingInsideObjects() {
        let old = object(("grows", .array([.string("a")])), ("shrinks", .array([.int(1), .int(2), .int(3)])))
        let new = object(("grows", .array([.string("a"), .string("b")])), ("shrinks", .array([.int(1)])))
        #expect(diff(old, new) == [
            .insert(StatePath([.key("grows"), .index(1)]), .string("b")),
            .remove(StatePath([.key("shrinks"), .index(2)]), .int(3)),
            .remove(StatePath([.key("shrinks"), .index(1)]), .int(2)),
        ])
    }

    @Test func changesAppendedToAListLeaveItsEarlierChangesAlone() {
        var changes: [StateChange] = [.replace(["earlier"].path, old: .int(0), new: .int(1))]
        diff(object(("a", .int(1)), ("b", .int(2))), object(("a", .int(5)), ("c", .int(3))), appendingTo: &changes)
        #expect(changes == [
            .replace(["earlier"].path, old: .int(0), new: .int(1)),
            .remove(["b"].path, .int(2)),
            .replace(["a"].path, old: .int(1), new: .int(5)),
            .insert(["c"].path, .int(3)),
        ])
    }

    @Test func keysNeedingJSONPointerEscapesKeepThemInThePatch() {
        let old = object(("a/b", .int(1)), ("m~n", object(("", .int(2)))))
        let new = object(("a/b", .int(2)), ("m~n", object(("", .int(3)))))
        let changes = diff(old, new)
        #expect(changes == [
            .replace(["a/b"].path, old: .int(1), new: .int(2)),
            .replace(["m~n", ""].path, old: .int(2), new: .int(3)),
        ])
        #expect(JSONPatch(changes).operations.map(\.path) == ["/a~1b", "/m~0n/"])
    }
}
