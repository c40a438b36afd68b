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
    public var indent: Int {
        didSet { margin = String(repeating: " ", count: indent) }
    }
    /// Whether to add ANSI colour escapes.
    public var colors: Bool
    /// The length each rendered value is shortened to.
    public var maxValueLength: Int
    /// The shortest run of consecutive replaced elements that is summarized in one line.
    public var collapseThreshold: Int
    /// `indent` spaces, made once.
    private var margin: String

    /// Creates a renderer.
    public init(indent: Int = 6, colors: Bool = false, maxValueLength: Int = 80, collapseThreshold: Int = 8) {
        self.indent = indent
        self.colors = colors
        self.maxValueLength = maxValueLength
        self.collapseThreshold = max(collapseThreshold, 2)
        self.margin = String(repeating: " ", count: indent)
    }

    /// The lines for `changes`, without line terminators.
    public func lines(for changes: [StateChange]) -> [String] {
        var text = TextBuffer(capacity: changes.count * (indent + 48) + 16)
        render(changes, into: &text)
        var lines = text.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Appends the lines for `changes` to `output`, each ending with a newline.
    public func render(_ changes: [StateChange], into output: inout String) {
        var buffer = TextBuffer(capacity: changes.count * (indent + 48) + 16)
        render(changes, into: &buffer)
        output.append(buffer.string)
    }

    /// Appends the UTF-8 bytes of the lines for `changes` to `output`, each ending with a newline
    /// (the same text as ``render(_:into:)-(_,String)``, without building a `String`).
    public func render(_ changes: [StateChange], appendingUTF8To output: inout [UInt8]) {
        var buffer = TextBuffer(capacity: 0)
        buffer.exchangeBytes(with: &output)
        render(changes, into: &buffer)
        buffer.exchangeBytes(with: &output)
    }

    func render(_ changes: [StateChange], into output: inout TextBuffer) {
        guard !changes.isEmpty else {
            output.append(margin)
            output.append("(no change)\n")
            return
        }
        var position = 0
        while position < changes.count {
            let runLength = replacedRunLength(in: changes, from: position)
            output.append(margin)
            if runLength >= collapseThreshold {
                appendSummary(of: changes[position..<(position + runLength)], to: &output)
                position += runLength
            } else {
                appendLine(for: changes[position], to: &output)
                position += 1
            }
            output.append("\n")
        }
    }

    private static let red = "\u{1B}[31m"
    private static let green = "\u{1B}[32m"
    private static let reset = "\u{1B}[0m"

    private func appendLine(for change: StateChange, to output: inout TextBuffer) {
        switch change.kind {
        case .replace:
            appendPath(change.path, to: &output)
            output.append(": ")
            if colors { output.append(Self.red) }
            (change.oldValue ?? .null).appendLiteral(to: &output, maxLength: maxValueLength)
            if colors { output.append(Self.reset) }
            output.append(" → ")
            if colors { output.append(Self.green) }
            (change.newValue ?? .null).appendLiteral(to: &output, maxLength: maxValueLength)
            if colors { output.append(Self.reset) }
        case .insert, .remove:
            let isInsert = change.kind == .insert
            if colors { output.append(isInsert ? Self.green : Self.red) }
            output.append(isInsert ? "+ " : "- ")
            appendPath(change.path, to: &output)
            output.append(": ")
            ((isInsert ? change.newValue : change.oldValue) ?? .null).appendLiteral(to: &output, maxLength: maxValueLength)
            if colors { output.append(Self.reset) }
        }
    }

    private func appendPath(_ path: StatePath, to output: inout TextBuffer) {
        if path.isRoot { output.append("(root)") } else { path.appendDescription(to: &output) }
    }

    /// How many replaces starting at `start` target consecutive indices of the same array.
    private func replacedRunLength(in changes: [StateChange], from start: Int) -> Int {
        guard let first = elementIndex(of: changes[start]) else { return 1 }
        let parent = changes[start].path.components.dropLast()
        var length = 1
        while start + length < changes.count,
              let next = elementIndex(of: changes[start + length]),
              next == first + length,
              changes[start + length].path.components.dropLast() == parent {
            length += 1
        }
        return length
    }

    private func elementIndex(of change: StateChange) -> Int? {
        guard change.kind == .replace, case .index(let index)? = change.path.components.last else { return nil }
        return index
    }

    private func appendSummary(of run: ArraySlice<StateChange>, to output: inout TextBuffer) {
        guard case .index(let first)? = run.first?.path.components.last,
              case .index(let last)? = run.last?.path.components.last else { return }
        let parent = StatePath(Array(run.first!.path.components.dropLast()))
        parent.appendDescription(to: &output)
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
