import StateDiff
import Testing

/// The shortcuts of the diff and the renderer give what the general paths give.
@Suite("Diff and render fast paths")
struct FastPathTests {
    // MARK: Paths of one step

    @Test func aOneStepPathEqualsAndHashesLikeAnyOther() {
        let literal = ["value"].path
        let built = StatePath([.key("value")])
        let appended = StatePath.root.appending(key: "value")
        let parsed = try? StatePath(parsing: "value")
        #expect(literal == built && built == appended && appended == parsed)
        #expect(Set([literal, built, appended]).count == 1)
        #expect(literal.components == [.key("value")])
        #expect(literal != ["value", "count"].path)
        #expect(literal.appending(index: 2) == StatePath([.key("value"), .index(2)]))
        #expect(literal.appending(index: 2).parent == literal)
        #expect(literal.parent == .root && literal.parent.isRoot)
    }

    @Test func changingTheComponentsOfAPathChangesWhatItIs() {
        var path = ["a"].path
        path.components.append(.index(3))
        #expect(path == StatePath([.key("a"), .index(3)]))
        #expect(path.description == "a[3]")
        path.components.removeLast()
        #expect(path == ["a"].path && path.description == "a")
        path.components = []
        #expect(path.isRoot && path == .root)
        path.components = [.key("home team")]
        #expect(path.description == "[\"home team\"]" && path.jsonPointer == "/home team")
    }

    // MARK: Objects

    @Test func objectsWithTheSameKeysCompareFieldByField() throws {
        let old = StateValue.object([StateField("a", .int(1)), StateField("b", .string("x")), StateField("c", .object([StateField("d", .bool(true))]))])
        let new = StateValue.object([StateField("a", .int(1)), StateField("b", .string("y")), StateField("c", .object([StateField("d", .bool(false))]))])
        #expect(diff(old, new) == [
            .replace(["b"].path, old: .string("x"), new: .string("y")),
            .replace(StatePath([.key("c"), .key("d")]), old: .bool(true), new: .bool(false)),
        ])
        // A leaf that becomes a container (and back) is one replace.
        let container = StateValue.object([StateField("a", .array([.int(1)])), StateField("b", .string("x")), StateField("c", .null)])
        #expect(diff(old, container) == [
            .replace(["a"].path, old: .int(1), new: .array([.int(1)])),
            .replace(["c"].path, old: old["c"]!, new: .null),
        ])
        #expect(try container.applying(diff(container, old)) == old)
    }

    @Test func equalStringsInOtherStorageAreNotChanges() {
        let text = String(repeating: "long text ", count: 5)
        let copy = String(decoding: Array(text.utf8), as: UTF8.self)
        let old = StateValue.object([StateField("a", .string(text)), StateField("b", .double(.nan)), StateField("c", .double(0))])
        let new = StateValue.object([StateField("a", .string(copy)), StateField("b", .double(.nan)), StateField("c", .double(-0.0))])
        #expect(diff(old, new).isEmpty)
        #expect(diff(.object([StateField("a", .int(1))]), .object([StateField("a", .double(1))])) == [
            .replace(["a"].path, old: .int(1), new: .double(1)),
        ])
    }

    /// Objects of more fields than the linear key search takes, with keys added, removed, or moved.
    @Test func bigObjectsWithDifferentKeysDiffAndApply() throws {
        let keys = (0..<30).map { "k\($0)" }
        let old = StateValue.object(keys.map { StateField($0, .int(Int($0.dropFirst())!)) })
        var newFields = keys.filter { $0 != "k5" && $0 != "k17" }.map { StateField($0, .int(Int($0.dropFirst())!)) }
        newFields[3].value = .string("changed")
        newFields.append(StateField("added", .bool(true)))
        let new = StateValue.object(newFields)
        let changes = diff(old, new)
        #expect(changes == [
            .remove(["k5"].path, .int(5)),
            .remove(["k17"].path, .int(17)),
            .replace(["k3"].path, old: .int(3), new: .string("changed")),
            .insert(["added"].path, .bool(true)),
        ])
        #expect(try old.applying(changes) == new)
        let moved = StateValue.object(Array(newFields.reversed()))
        #expect(diff(new, moved) == [.replace(.root, old: new, new: moved)])
    }

    // MARK: Rendering

    @Test func everyWayOfRenderingGivesTheSameText() {
        let changes = diff(
            .object([StateField("a", .int(1)), StateField("list", .array([.string("x")])), StateField("gone", .null)]),
            .object([StateField("a", .int(-20)), StateField("list", .array([.string("x"), .string("y\n")]))]))
        for renderer in [TextDiffRenderer(indent: 6), TextDiffRenderer(indent: 0, colors: true), TextDiffRenderer(indent: 30, maxValueLength: 10)] {
            var text = ""
            renderer.render(changes, into: &text)
            var bytes: [UInt8] = Array("prefix\n".utf8)
            renderer.render(changes, appendingUTF8To: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "prefix\n" + text)
            #expect(renderer.lines(for: changes).map { $0 + "\n" }.joined() == text)
        }
        #expect(TextDiffRenderer(indent: 2).lines(for: changes) == [
            "  - gone: nil",
            "  a: 1 → -20",
            "  + list[1]: \"y\\n\"",
        ])
    }

    @Test func longOutputOutgrowsTheScratchBuffer() {
        let old = StateValue.array((0..<300).map { .string("element number \($0)") })
        let new = StateValue.array((0..<300).map { .string("element number \($0 * 7 % 300) changed") })
        let renderer = TextDiffRenderer(indent: 4, collapseThreshold: 1_000)
        let lines = renderer.lines(for: diff(old, new))
        #expect(lines.count == 300)
        #expect(lines[0] == "    [0]: \"element number 0\" → \"element number 0 changed\"")
        var bytes: [UInt8] = []
        renderer.render(diff(old, new), appendingUTF8To: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == lines.map { $0 + "\n" }.joined())
        #expect(StateValue.array((0..<200).map { .int($0) }).literal().count > 512)
    }

    @Test func renderingWhileComparingGivesTheTextOfTheChangeList() {
        let shared = StateValue.array([.int(1), .int(2)])
        let inner = StateValue.object([StateField("x", .int(1))])
        let old = StateValue.object([
            StateField("home", .int(3)), StateField("odd key", .string("a")), StateField("list", shared),
            StateField("inner", inner), StateField("flag", .bool(false)), StateField("same", .double(.nan)),
            StateField("becomes", .null),
        ])
        let new = StateValue.object([
            StateField("home", .int(-40)), StateField("odd key", .string("b\n")), StateField("list", shared),
            StateField("inner", inner), StateField("flag", .bool(true)), StateField("same", .double(.nan)),
            StateField("becomes", .array([.int(1)])),
        ])
        // Listing or not, the same text; listing, the changes of `diff`, and none when it does not render.
        func withBlock(_ renderer: TextDiffRenderer, _ before: StateValue, _ after: StateValue, _ body: (Span<UInt8>) -> Void) -> Bool {
            var unlistedText = ""
            let rendered = renderer.withBlock(
                from: before, to: after, lead: "  · ", name: "r", label: "go", suffix: "  (+1 ms)", secondSuffix: nil
            ) { unlistedText = String(decodingUTF8: $0) }
            let earlier = StateChange.remove([.key("earlier")], .int(0))
            var changes = [earlier]
            var listedText = ""
            #expect(renderer.withBlock(
                from: before, to: after, lead: "  · ", name: "r", label: "go", suffix: "  (+1 ms)", secondSuffix: nil,
                listingInto: &changes
            ) { listedText = String(decodingUTF8: $0) } == rendered)
            #expect(listedText == unlistedText)
            #expect(changes == [earlier] + (rendered ? diff(before, after) : []))
            let bytes = Array(unlistedText.utf8)
            if rendered { body(bytes.span) }
            return rendered
        }
        for renderer in [TextDiffRenderer(indent: 6), TextDiffRenderer(indent: 0, colors: true), TextDiffRenderer(indent: 2, maxValueLength: 4)] {
            // Back from the array to nil is not a leaf's change: only the general path renders it.
            #expect(!withBlock(renderer, new, old) { _ in Issue.record("rendered") })
            for (before, after) in [(old, new), (old, old), (new, new)] {
                var direct = ""
                #expect(withBlock(renderer, before, after) { direct = String(decodingUTF8: $0) })
                var general = ""
                renderer.withBlock(diff(before, after)) {
                    $0.append(renderer.colors ? "  · r: \u{1B}[1mgo\u{1B}[0m  (+1 ms)\n" : "  · r: go  (+1 ms)\n")
                } _: {
                    general = String(decodingUTF8: $0)
                }
                #expect(direct == general)
                #expect(direct.hasPrefix(renderer.colors ? "  · r: \u{1B}[1mgo\u{1B}[0m  (+1 ms)\n" : "  · r: go  (+1 ms)\n"))
            }
        }
        // Containers that are not the same storage, other keys, other kinds: the general path.
        let renderer = TextDiffRenderer()
        let copied = StateValue.object([StateField("list", .array([.int(1), .int(2)]))])
        for (before, after) in [
            (StateValue.object([StateField("list", shared)]), copied), (old, .object([StateField("home", .int(3))])),
            (.int(1), .int(2)), (.object([StateField("a", .int(1))]), .object([StateField("b", .int(1))])),
        ] {
            #expect(!withBlock(renderer, before, after) { _ in Issue.record("rendered") })
        }
    }
}
