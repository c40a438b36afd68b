/// Renders a change list as the text block the shell prints after a reduction.
///
/// One line per change, each starting with `indent` spaces:
/// - replace: `isLoading: false → true`
/// - insert: `+ repos[3]: "swift4"`
/// - remove: `- posts[0]: {id: 1, title: "Hello", content: ""}`
/// - a run of at least `collapseThreshold` replaced elements at consecutive indices of one
///   array (what a degraded array diff produces): `repos[0…9999]: 10,000 elements replaced`
/// - an empty list: `(no change)`
///
/// The root's own path renders as `(root)`. Values are `StateValue.literal(maxLength:)`
/// shortened to `maxValueLength`. With `colors`, old values are red, new values green, and
/// `+` / `-` lines green / red (ANSI escapes).
public struct TextDiffRenderer: Sendable {
    /// Spaces before each line.
    public var indent: Int
    /// Whether to add ANSI colour escapes.
    public var colors: Bool
    /// The length each rendered value is shortened to.
    public var maxValueLength: Int
    /// The shortest run of consecutive replaced elements that is summarized in one line.
    public var collapseThreshold: Int

    /// Creates a renderer.
    public init(indent: Int = 6, colors: Bool = false, maxValueLength: Int = 80, collapseThreshold: Int = 8) {
        self.indent = indent
        self.colors = colors
        self.maxValueLength = maxValueLength
        self.collapseThreshold = max(collapseThreshold, 2)
    }

    /// The lines for `changes`, without line terminators.
    public func lines(for changes: [StateChange]) -> [String] {
        let text = TextBuffer.withScratch { buffer in
            render(changes, into: &buffer)
            return buffer.string
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Appends the lines for `changes` to `output`, each ending with a newline.
    public func render(_ changes: [StateChange], into output: inout String) {
        output.append(TextBuffer.withScratch { buffer in
            render(changes, into: &buffer)
            return buffer.string
        })
    }

    /// Appends the UTF-8 bytes of the lines for `changes` to `output`, each ending with a newline
    /// (the same text as ``render(_:into:)-(_,String)``, without building a `String`).
    public func render(_ changes: [StateChange], appendingUTF8To output: inout [UInt8]) {
        TextBuffer.withScratch { buffer in
            render(changes, into: &buffer)
            buffer.appendBytes(to: &output)
        }
    }

    /// Builds a text block in scratch memory: what `header` writes, then the lines for `changes`
    /// (as ``render(_:appendingUTF8To:)`` makes them); `body` gets the block's bytes.
    package func withBlock(
        _ changes: [StateChange], header: (inout TextBuffer) -> Void, _ body: (Span<UInt8>) -> Void
    ) {
        TextBuffer.withScratch { buffer in
            header(&buffer)
            render(changes, into: &buffer)
            buffer.withBytes(body)
        }
    }

    /// ``withBlock(_:header:_:)`` for the changes from `old` to `new`, rendered while the two are
    /// compared, without building the change list, and under a header given as its pieces (no
    /// closure to call and no structure to copy them into): `lead`, then `name` and `: ` when
    /// there is a name, `label` (bold with colours), the suffixes as they are, and a newline. For
    /// the common case of two objects with the same keys in the same order whose changed fields
    /// are leaves (or become containers); gives exactly the text of `withBlock(diff(old, new), …)`
    /// under that header. Returns false without calling `body` when the values are not of that
    /// shape (a field holding an object or an array that is not the same storage on both sides,
    /// keys that differ, values that are not objects).
    package func withBlock(
        from old: StateValue, to new: StateValue,
        lead: StaticString, name: String?, label: String, suffix: String?, secondSuffix: String?,
        _ body: (Span<UInt8>) -> Void
    ) -> Bool {
        var unlisted = Unlisted()
        return withBlock(
            from: old, to: new, lead: lead, name: name, label: label, suffix: suffix, secondSuffix: secondSuffix,
            listing: &unlisted, body)
    }

    /// ``withBlock(from:to:lead:name:label:suffix:secondSuffix:_:)`` whose pass also appends the
    /// changes it renders to `changes` (the list `diff(_:_:appendingTo:)` appends: a replace of
    /// each changed field), so that a caller who needs both walks the two states once; when it
    /// returns false, `changes` is as it was.
    package func withBlock(
        from old: StateValue, to new: StateValue,
        lead: StaticString, name: String?, label: String, suffix: String?, secondSuffix: String?,
        listingInto changes: inout [StateChange], _ body: (Span<UInt8>) -> Void
    ) -> Bool {
        withBlock(
            from: old, to: new, lead: lead, name: name, label: label, suffix: suffix, secondSuffix: secondSuffix,
            listing: &changes, body)
    }

    /// The two above, compiled once for each kind of `changes`: printing alone does nothing for
    /// the listing.
    private func withBlock<Changes: ChangeListing>(
        from old: StateValue, to new: StateValue,
        lead: StaticString, name: String?, label: String, suffix: String?, secondSuffix: String?,
        listing changes: inout Changes, _ body: (Span<UInt8>) -> Void
    ) -> Bool {
        guard case .object(let oldFields) = old, case .object(let newFields) = new,
              oldFields.count == newFields.count else { return false }
        return TextBuffer.withScratch { output in
            output.append(lead)
            if let name {
                output.append(name)
                output.append(": ")
            }
            if colors { output.append(Self.bold) }
            output.append(label)
            if colors { output.append(Self.reset) }
            if let suffix { output.append(suffix) }
            if let secondSuffix { output.append(secondSuffix) }
            output.append(UInt8(ascii: "\n"))
            let listed = changes.listedCount
            guard appendFieldChanges(from: oldFields.span, to: newFields.span, to: &output, listing: &changes) else {
                changes.dropListed(from: listed)
                return false
            }
            output.withBytes(body)
            return true
        }
    }

    /// Appends the lines for the changed fields (same count on both sides), comparing and
    /// rendering in one pass, and lists their changes in `changes`; false as soon as a field is
    /// not of the shape this handles (what was written and listed is then dropped by the caller).
    private func appendFieldChanges<Changes: ChangeListing>(
        from oldFields: Span<StateField>, to newFields: Span<StateField>, to output: inout TextBuffer,
        listing changes: inout Changes
    ) -> Bool {
        // Equal counts, stated here so that the bounds checks of `newFields` fold into those of `oldFields`.
        guard newFields.count == oldFields.count else { return false }
        var changed = false
        for index in oldFields.indices {
            guard oldFields[index].key == newFields[index].key else { return false }
            switch oldFields[index].value {
            case .object(let oldObject):
                guard case .object(let newObject) = newFields[index].value, sharesStorage(oldObject, newObject) else {
                    return false
                }
                continue
            case .array(let oldElements):
                guard case .array(let newElements) = newFields[index].value, sharesStorage(oldElements, newElements) else {
                    return false
                }
                continue
            default:
                if leafEquals(oldFields[index].value, newFields[index].value) { continue }
            }
            changed = true
            output.append(UInt8(ascii: " "), times: indent)
            StatePath.appendDescription(ofKey: oldFields[index].key, to: &output)
            output.append(": ")
            if colors { output.append(Self.red) }
            appendValue(of: oldFields, at: index, to: &output)
            if colors { output.append(Self.reset) }
            output.append(" → ")
            if colors { output.append(Self.green) }
            appendValue(of: newFields, at: index, to: &output)
            if colors { output.append(Self.reset) }
            output.append(UInt8(ascii: "\n"))
            changes.listReplace(ofFieldAt: index, from: oldFields, to: newFields)
        }
        if !changed {
            output.append(UInt8(ascii: " "), times: indent)
            output.append("(no change)\n")
        }
        return true
    }

    /// Appends `value` as a literal, as ``appendValue(at:new:to:)`` does for a value that is present.
    /// Read where it lies in `fields` (no copy) and always inlined: called as a function with a
    /// copied value it cost about 90 instructions a counter mutation more.
    @inline(__always)
    private func appendValue(of fields: Span<StateField>, at index: Int, to output: inout TextBuffer) {
        switch fields[index].value {
        case .null: output.append("nil")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .int(let number): output.append(number)
        default: fields[index].value.appendLiteral(to: &output, maxLength: maxValueLength)
        }
    }

    func render(_ changes: [StateChange], into output: inout TextBuffer) {
        guard !changes.isEmpty else {
            output.append(UInt8(ascii: " "), times: indent)
            output.append("(no change)\n")
            return
        }
        let changes = changes.span
        var position = 0
        while position < changes.count {
            let runLength = replacedRunLength(in: changes, from: position)
            output.append(UInt8(ascii: " "), times: indent)
            if runLength >= collapseThreshold {
                appendSummary(of: changes, position..<(position + runLength), to: &output)
                position += runLength
            } else {
                appendLine(for: changes[position], to: &output)
                position += 1
            }
            output.append(UInt8(ascii: "\n"))
        }
    }

    private static let bold: StaticString = "\u{1B}[1m"
    private static let red: StaticString = "\u{1B}[31m"
    private static let green: StaticString = "\u{1B}[32m"
    private static let reset: StaticString = "\u{1B}[0m"

    /// Appends the line of one change (read in place, without copying it).
    private func appendLine(for change: borrowing StateChange, to output: inout TextBuffer) {
        switch change.storedKind {
        case .replace:
            appendPath(of: change, to: &output)
            output.append(": ")
            if colors { output.append(Self.red) }
            appendValue(at: change, new: false, to: &output)
            if colors { output.append(Self.reset) }
            output.append(" → ")
            if colors { output.append(Self.green) }
            appendValue(at: change, new: true, to: &output)
            if colors { output.append(Self.reset) }
        case .insert, .remove:
            let isInsert = change.storedKind == .insert
            if colors { output.append(isInsert ? Self.green : Self.red) }
            output.append(isInsert ? "+ " : "- ")
            appendPath(of: change, to: &output)
            output.append(": ")
            appendValue(at: change, new: isInsert, to: &output)
            if colors { output.append(Self.reset) }
        }
    }

    /// Appends the old or new value of `change` (nil reads as `nil`) as a literal.
    private func appendValue(at change: borrowing StateChange, new: Bool, to output: inout TextBuffer) {
        if new { appendValue(change.storedNewValue, to: &output) } else { appendValue(change.storedOldValue, to: &output) }
    }

    /// Appends `value` (nil reads as `nil`) as a literal.
    private func appendValue(_ value: borrowing StateValue?, to output: inout TextBuffer) {
        switch value {
        case .none, .null?: output.append("nil")
        case .bool(let flag)?: output.append(flag ? "true" : "false")
        case .int(let number)?: output.append(number)
        case .some: value!.appendLiteral(to: &output, maxLength: maxValueLength)
        }
    }

    private func appendPath(of change: borrowing StateChange, to output: inout TextBuffer) {
        if change.storedPath.isRoot {
            output.append("(root)")
        } else {
            change.storedPath.appendDescription(to: &output)
        }
    }

    /// How many replaces starting at `start` target consecutive indices of the same array.
    private func replacedRunLength(in changes: Span<StateChange>, from start: Int) -> Int {
        guard changes.count - start >= collapseThreshold, let first = elementIndex(of: changes[start]) else { return 1 }
        var length = 1
        while start + length < changes.count,
              let next = elementIndex(of: changes[start + length]),
              next == first + length,
              changes[start + length].path.hasSameParent(as: changes[start].path) {
            length += 1
        }
        return length
    }

    private func elementIndex(of change: borrowing StateChange) -> Int? {
        guard change.kind == .replace, case .index(let index)? = change.path.last else { return nil }
        return index
    }

    private func appendSummary(of changes: Span<StateChange>, _ run: Range<Int>, to output: inout TextBuffer) {
        guard case .index(let first)? = changes[run.lowerBound].path.last,
              case .index(let last)? = changes[run.upperBound - 1].path.last else { return }
        changes[run.lowerBound].path.parent.appendDescription(to: &output)
        output.append("[")
        output.append(first)
        output.append("…")
        output.append(last)
        output.append("]: ")
        if colors { output.append("\u{1B}[33m") }
        output.append(groupedDigits(run.count))
        output.append(" elements replaced")
        if colors { output.append(Self.reset) }
    }
}

/// Where the one pass of `TextDiffRenderer.withBlock(from:to:…)` lists the changes it renders: a
/// change list, or nowhere (``Unlisted``).
private protocol ChangeListing {
    /// How many changes are listed (where to drop back to).
    var listedCount: Int { get }
    /// Lists the replace of field `index` of `oldFields` by that of `newFields` (the same key).
    mutating func listReplace(ofFieldAt index: Int, from oldFields: Span<StateField>, to newFields: Span<StateField>)
    /// Drops the changes listed after the first `count`.
    mutating func dropListed(from count: Int)
}

extension Array: ChangeListing where Element == StateChange {
    fileprivate var listedCount: Int { count }

    fileprivate mutating func listReplace(
        ofFieldAt index: Int, from oldFields: Span<StateField>, to newFields: Span<StateField>
    ) {
        // Built in place (the memberwise initializer), the values copied once, into it.
        append(StateChange(
            storedPath: StatePath(.key(oldFields[index].key)), storedKind: .replace,
            storedOldValue: oldFields[index].value, storedNewValue: newFields[index].value))
    }

    fileprivate mutating func dropListed(from count: Int) {
        if self.count > count { removeSubrange(count...) }
    }
}

/// Lists nothing: the pass only prints.
private struct Unlisted: ChangeListing {
    var listedCount: Int { 0 }
    func listReplace(ofFieldAt index: Int, from oldFields: Span<StateField>, to newFields: Span<StateField>) {}
    func dropListed(from count: Int) {}
}
