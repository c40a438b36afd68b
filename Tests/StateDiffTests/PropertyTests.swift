import StateDiff
import Testing

/// Properties checked over thousands of seeded random states and edits.
@Suite("Diff properties")
struct PropertyTests {
    static let cases = 3_000

    @Test func applyingTheDiffGivesTheNewState() throws {
        var random = RandomStates(seed: 0x5EED_0001)
        for _ in 0..<Self.cases {
            let old = random.value(depth: 4)
            let new = random.edited(old)
            let changes = diff(old, new)
            #expect(try old.applying(changes) == new, "old: \(old.literal())\nnew: \(new.literal())\nchanges: \(changes)")
            if old == new { #expect(changes.isEmpty) }
        }
    }

    @Test func applyingTheJSONPatchToTheOldJSONGivesTheNewJSON() throws {
        var random = RandomStates(seed: 0x5EED_0002)
        for _ in 0..<Self.cases {
            let old = random.value(depth: 4)
            let new = random.edited(old)
            let patchText = JSONPatch(diff(old, new)).jsonText
            let patch = try JSONPatch(jsonValue: StateValue(jsonText: patchText))
            let patched = try patch.apply(to: StateValue(jsonText: old.jsonText))
            #expect(try patched == StateValue(jsonText: new.jsonText), "patch: \(patchText)")
        }
    }

    @Test func theTextRenderNamesExactlyTheChangedPaths() throws {
        var random = RandomStates(seed: 0x5EED_0003)
        let renderer = TextDiffRenderer(indent: 0)
        for _ in 0..<Self.cases {
            let old = random.value(depth: 4)
            let new = random.edited(old)
            let changes = diff(old, new)
            let lines = renderer.lines(for: changes)
            if changes.isEmpty {
                #expect(lines == ["(no change)"])
                continue
            }
            let rendered = lines.flatMap(pathsNamed(byLine:))
            let expected = changes.map { $0.path.isRoot ? "(root)" : $0.path.description }
            #expect(rendered == expected, "lines: \(lines)")
        }
    }

    @Test func changingOneLeafNamesExactlyThatLeaf() throws {
        var random = RandomStates(seed: 0x5EED_0004)
        var checked = 0
        while checked < Self.cases {
            let old = random.value(depth: 4)
            let leaves = allPaths(in: old).filter { path in
                if case .key("id")? = path.components.last { return false }
                switch try? old.value(at: path) { case .array?, .object?: return false; default: return true }
            }
            guard let leaf = leaves.randomElement(using: &random.generator) else { continue }
            let before = try old.value(at: leaf)
            let after = random.scalar()
            guard after != before else { continue }
            let new = setting(old, at: leaf.components[...], to: after)
            #expect(diff(old, new) == [.replace(leaf, old: before, new: after)], "old: \(old.literal()) leaf: \(leaf)")
            let name = leaf.isRoot ? "(root)" : leaf.description
            #expect(TextDiffRenderer(indent: 0).lines(for: diff(old, new)) == ["\(name): \(before.literal()) → \(after.literal())"])
            checked += 1
        }
    }

    @Test func insertingOrRemovingOneOfDistinctElementsIsOneChange() {
        var random = RandomStates(seed: 0x5EED_0005)
        for _ in 0..<Self.cases {
            let count = random.below(40)
            let elements: [StateValue] = (0..<count).map { .string("e\($0)") }
            let old = StateValue.object([StateField("items", .array(elements))])
            if random.chance(50) || count == 0 {
                let index = random.below(count + 1)
                var inserted = elements
                inserted.insert(.string("new"), at: index)
                let path = StatePath([.key("items"), .index(index)])
                #expect(diff(old, .object([StateField("items", .array(inserted))])) == [.insert(path, .string("new"))])
            } else {
                let index = random.below(count)
                var removed = elements
                removed.remove(at: index)
                let path = StatePath([.key("items"), .index(index)])
                #expect(diff(old, .object([StateField("items", .array(removed))])) == [.remove(path, elements[index])])
            }
        }
    }
}

/// The paths a rendered line names: one, or a collapsed range `xs[3…12]` expanded.
private func pathsNamed(byLine line: String) -> [String] {
    var text = Substring(line)
    if text.hasPrefix("+ ") || text.hasPrefix("- ") { text = text.dropFirst(2) }
    guard let separator = text.firstRange(of: ": ") else { return [String(text)] }
    let path = text[..<separator.lowerBound]
    if let open = path.lastIndex(of: "["), let ellipsis = path.firstIndex(of: "…"), ellipsis > open,
       let first = Int(path[path.index(after: open)..<ellipsis]),
       let last = Int(path[path.index(after: ellipsis)..<path.index(before: path.endIndex)]) {
        let parent = path[..<open]
        return (first...last).map { "\(parent)[\($0)]" }
    }
    return [String(path)]
}
