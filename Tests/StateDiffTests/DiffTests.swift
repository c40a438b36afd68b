import StateDiff
import Testing

@Suite("diff(old, new)")
struct DiffTests {
    @Test func equalValuesHaveNoChanges() {
        let state = encoded(GitHubSearchState(query: "q", repos: ["a", "b"]))
        #expect(diff(state, state).isEmpty)
        #expect(diff(.double(.nan), .double(.nan)).isEmpty)
        #expect(diff(.array([]), .array([])).isEmpty)
    }

    @Test func aChangedLeafIsOneReplaceWithItsPath() {
        let changes = diff(encoded(CounterState()), encoded(CounterState(value: 1)))
        #expect(changes == [.replace(["value"].path, old: .int(0), new: .int(1))])
    }

    @Test func aChangedRootScalarIsAReplaceAtTheRoot() {
        #expect(diff(.int(1), .string("1")) == [.replace(.root, old: .int(1), new: .string("1"))])
    }

    @Test func optionalsGoingFromNilToAValueAreReplaces() {
        let changes = diff(encoded(CounterState()), encoded(CounterState(alertMessage: "increased!")))
        #expect(changes == [.replace(["alertMessage"].path, old: .null, new: .string("increased!"))])
    }

    @Test func nestedChangesCarryTheFullPath() {
        let old = BoardState(posts: [Post(id: 1, title: "Hello", content: "")])
        let new = BoardState(posts: [Post(id: 1, title: "Hello!", content: "")])
        #expect(diff(encoded(old), encoded(new)) == [
            .replace(StatePath([.key("posts"), .index(0), .key("title")]), old: .string("Hello"), new: .string("Hello!")),
        ])
    }

    @Test func appendedElementsAreInsertsAtTheirNewIndex() {
        let changes = diff(.array([.string("a")]), .array([.string("a"), .string("b"), .string("c")]))
        #expect(changes == [.insert([1].path, .string("b")), .insert([2].path, .string("c"))])
    }

    @Test func removedElementsAreRemovesAtTheirOldIndexLastFirst() {
        let changes = diff(.array([.int(1), .int(2), .int(3), .int(4)]), .array([.int(1), .int(4)]))
        #expect(changes == [.remove([2].path, .int(3)), .remove([1].path, .int(2))])
    }

    @Test func aChangedElementBetweenEqualOnesIsAReplace() {
        let changes = diff(.array([.string("a"), .string("b"), .string("c")]), .array([.string("a"), .string("x"), .string("c")]))
        #expect(changes == [.replace([1].path, old: .string("b"), new: .string("x"))])
    }

    @Test func scatteredEditsUseASequenceDiff() {
        let old: [StateValue] = ["a", "b", "c", "d", "e", "f"].map(StateValue.string)
        let new: [StateValue] = ["a", "c", "d", "x", "e", "f", "g"].map(StateValue.string)
        let changes = diff(.array(old), .array(new))
        #expect(changes == [
            .remove([1].path, .string("b")),
            .insert([3].path, .string("x")),
        ] || changes.count <= 3)
        #expect((try? StateValue.array(old).applying(changes)) == .array(new))
    }

    @Test func anInsertionInTheMiddleOfIdentifiedElementsIsOneInsert() {
        let posts = (1...50).map { Post(id: $0, title: "post \($0)", content: "") }
        var changed = posts
        let inserted = Post(id: 99, title: "new", content: "")
        changed.insert(inserted, at: 20)
        changed[30].title = "edited"
        let changes = diff(encoded(BoardState(posts: posts)), encoded(BoardState(posts: changed)))
        #expect(changes == [
            .insert(StatePath([.key("posts"), .index(20)]), encoded(inserted)),
            .replace(StatePath([.key("posts"), .index(30), .key("title")]), old: .string("post 30"), new: .string("edited")),
        ])
    }

    @Test func identifiedElementsMovedAreRemovedAndInserted() {
        let a = Post(id: 1, title: "a", content: ""), b = Post(id: 2, title: "b", content: ""), c = Post(id: 3, title: "c", content: "")
        let changes = diff(encoded([a, b, c]), encoded([b, c, a]))
        #expect(changes == [.remove([0].path, encoded(a)), .insert([2].path, encoded(a))])
    }

    @Test func anElementWithANewIdIsNotDiffedFieldByField() {
        let a = Post(id: 1, title: "a", content: ""), b = Post(id: 2, title: "a", content: "")
        #expect(diff(encoded([a]), encoded([b])) == [.remove([0].path, encoded(a)), .insert([0].path, encoded(b))])
    }

    @Test func addedAndRemovedKeysAreInsertsAndRemoves() {
        let old = StateValue.object([StateField("a", .int(1)), StateField("b", .int(2))])
        let new = StateValue.object([StateField("a", .int(5)), StateField("c", .int(3))])
        #expect(diff(old, new) == [
            .remove(["b"].path, .int(2)),
            .replace(["a"].path, old: .int(1), new: .int(5)),
            .insert(["c"].path, .int(3)),
        ])
    }

    @Test func reorderedKeysReplaceTheWholeObject() {
        let old = StateValue.object([StateField("a", .int(1)), StateField("b", .int(2))])
        let new = StateValue.object([StateField("b", .int(2)), StateField("a", .int(1))])
        #expect(diff(old, new) == [.replace(.root, old: old, new: new)])
    }

    @Test func aDifferentEnumCaseIsARemovedAndAnAddedKey() {
        let old = StateValue.object([StateField("loading", .object([]))])
        let new = StateValue.object([StateField("loaded", .object([StateField("_0", .int(3))]))])
        #expect(diff(old, new) == [
            .remove(["loading"].path, .object([])),
            .insert(["loaded"].path, .object([StateField("_0", .int(3))])),
        ])
    }

    @Test func emptyingAndFillingCollections() {
        #expect(diff(.array([.int(1)]), .array([])) == [.remove([0].path, .int(1))])
        #expect(diff(.array([]), .array([.int(1)])) == [.insert([0].path, .int(1))])
        #expect(diff(.object([]), .object([StateField("k", .null)])) == [.insert(["k"].path, .null)])
    }

    /// A NaN that stays NaN has not changed, whatever its sign and payload bits (StateDiffs.md):
    /// with other bits, the comparison goes past the same-bits shortcut to `StateValue.==`.
    @Test func aFieldThatStaysNaNIsUnchangedWhateverItsBits() {
        let others = [-Double.nan, Double(nan: 7, signaling: false), Double(bitPattern: Double.nan.bitPattern | 1)]
        for other in others {
            #expect(other.isNaN && other.bitPattern != Double.nan.bitPattern)
            #expect(diff(.double(.nan), .double(other)).isEmpty)
            let old = StateValue.object([StateField("a", .int(1)), StateField("ratio", .double(.nan))])
            let new = StateValue.object([StateField("a", .int(1)), StateField("ratio", .double(other))])
            #expect(diff(old, new).isEmpty)
            #expect(diff(.array([.int(1), .double(.nan), .int(3)]), .array([.int(1), .double(other), .int(3)])).isEmpty)
        }
        // Leaving NaN is a change.
        #expect(diff(.double(.nan), .double(0)) == [.replace(.root, old: .double(.nan), new: .double(0))])
    }

    @Test func doublesCompareByValueAndKind() {
        #expect(diff(.double(1.0), .double(1.0)).isEmpty)
        #expect(diff(.int(1), .double(1.0)) == [.replace(.root, old: .int(1), new: .double(1.0))])
        #expect(diff(.double(.infinity), .double(-.infinity)).count == 1)
    }

    @Test func aReversalOfTenThousandElementsDegradesToReplacementsAndRoundTrips() throws {
        let old = StateValue.array((0..<10_000).map { .string("item\($0)") })
        let new = StateValue.array((0..<10_000).reversed().map { .string("item\($0)") })
        let changes = diff(old, new)
        #expect(changes.allSatisfy { $0.kind == .replace })
        #expect(changes.count == 10_000)
        #expect(try old.applying(changes) == new)
        let patchText = JSONPatch(changes).jsonText
        let parsed = try JSONPatch(jsonValue: StateValue(jsonText: patchText))
        #expect(try parsed.apply(to: StateValue(jsonText: old.jsonText)) == StateValue(jsonText: new.jsonText))
    }

    /// The search budget follows the arrays' length: a 1,000-element reversal gives up (to
    /// replacements) within a budget of about 8 steps an element, while scattered edits of the
    /// same array, within that budget, are still found as what they are.
    @Test func theAlignmentBudgetIsProportionalToTheArrays() throws {
        let strings = (0..<1_000).map { StateValue.string("item\($0)") }
        let reversed = diff(.array(strings), .array(strings.reversed()))
        #expect(reversed.allSatisfy { $0.kind == .replace } && reversed.count == 1_000)
        var edited = strings
        for position in stride(from: 950, through: 0, by: -50) { edited.insert(.string("new\(position)"), at: position) }
        let changes = diff(.array(strings), .array(edited))
        #expect(changes.count == 20 && changes.allSatisfy { $0.kind == .insert }, "\(changes.prefix(5))")
        #expect(try StateValue.array(strings).applying(changes) == .array(edited))
        // Beyond the budget of a short array, but within the fixed minimum: aligned.
        let short = Array(strings.prefix(40))
        let shortChanges = diff(.array(short), .array(short.reversed()))
        #expect(shortChanges.contains { $0.kind == .insert } && shortChanges.contains { $0.kind == .remove })
        #expect(try StateValue.array(short).applying(shortChanges) == .array(short.reversed()))
    }

    @Test func aReversalOfIdentifiedElementsAlsoTerminates() throws {
        let posts = (0..<3_000).map { Post(id: $0, title: "t\($0)", content: "") }
        let old = encoded(posts), new = encoded(Array(posts.reversed()))
        let changes = diff(old, new)
        #expect(try old.applying(changes) == new)
    }

    @Test func oneAppendToALongArrayIsOneInsert() {
        let strings = (0..<10_000).map { "item\($0)" }
        let changes = diff(encoded(GitHubSearchState(repos: strings)), encoded(GitHubSearchState(repos: strings + ["last"])))
        #expect(changes == [.insert(StatePath([.key("repos"), .index(10_000)]), .string("last"))])
    }
}

extension Array where Element == String {
    /// A path of keys, for brevity in expectations.
    var path: StatePath { StatePath(map { .key($0) }) }
}

extension Array where Element == Int {
    /// A path of indices, for brevity in expectations.
    var path: StatePath { StatePath(map { .index($0) }) }
}
