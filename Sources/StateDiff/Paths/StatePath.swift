/// A location inside a state: a list of field keys and array indices from the root.
///
/// Renders as `repos[3]`, `posts[0].title`; the root is the empty path (rendered `""`).
/// Keys that are not plain identifiers render quoted in brackets: `scores["home team"]`.
public struct StatePath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object's field.
        case key(String)
        /// An array's element.
        case index(Int)
    }

    /// The steps from the root, outermost first.
    public var components: [Component] {
        get {
            switch steps {
            case .root: []
            case .key(let key): [.key(key)]
            case .index(let index): [.index(index)]
            case .list(let list): list
            }
        }
        set { self = StatePath(newValue) }
    }

    /// The steps, by how many there are: a one-step path (the common case of a changed field of the
    /// state) is kept without an array, and one enum holds every case, so that copying or
    /// destroying a path looks at one tag (then at most one reference count).
    private enum Steps: Sendable {
        case root
        case key(String)
        case index(Int)
        /// Two or more components.
        case list([Component])
    }

    private var steps: Steps

    private init(steps: Steps) {
        self.steps = steps
    }

    /// The path made of `components`.
    public init(_ components: [Component] = []) {
        switch components.count {
        case 0: self.init(steps: .root)
        case 1: self.init(components[0])
        default: self.init(steps: .list(components))
        }
    }

    /// The path of the one step `component`.
    init(_ component: consuming Component) {
        switch consume component {
        case .key(let key): self.init(steps: .key(key))
        case .index(let index): self.init(steps: .index(index))
        }
    }

    /// The path made of the listed components.
    public init(arrayLiteral elements: Component...) {
        self.init(elements)
    }

    /// The root of the state.
    public static let root = StatePath()

    /// True for the root path.
    public var isRoot: Bool {
        if case .root = steps { return true }
        return false
    }

    /// How many components the path has.
    var count: Int {
        switch steps {
        case .root: 0
        case .key, .index: 1
        case .list(let list): list.count
        }
    }

    /// The component at `position` (0 is the outermost).
    subscript(position: Int) -> Component {
        switch steps {
        case .root: preconditionFailure("the root path has no component")
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        case .list(let list): list[position]
        }
    }

    /// The last (innermost) component.
    var last: Component? {
        switch steps {
        case .root: nil
        case .key(let key): .key(key)
        case .index(let index): .index(index)
        case .list(let list): list.last
        }
    }

    /// True when both paths have the same components except possibly their last ones.
    func hasSameParent(as other: StatePath) -> Bool {
        let count = self.count
        guard count == other.count else { return false }
        guard count > 1 else { return true }
        for position in 0..<(count - 1) where self[position] != other[position] { return false }
        return true
    }

    /// This path extended by one field key.
    public func appending(key: String) -> StatePath {
        var components = self.components
        components.append(.key(key))
        return StatePath(components)
    }

    /// This path extended by one array index.
    public func appending(index: Int) -> StatePath {
        var components = self.components
        components.append(.index(index))
        return StatePath(components)
    }

    /// The path without its last component (the root stays the root).
    public var parent: StatePath {
        var components = self.components
        if !components.isEmpty { components.removeLast() }
        return StatePath(components)
    }

    public static func == (lhs: StatePath, rhs: StatePath) -> Bool {
        let count = lhs.count
        guard count == rhs.count else { return false }
        for position in 0..<count where lhs[position] != rhs[position] { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        let count = self.count
        hasher.combine(count)
        for position in 0..<count { hasher.combine(self[position]) }
    }

    /// The path in the shell's syntax: `posts[0].title`.
    public var description: String {
        TextBuffer.withScratch { text in
            appendDescription(to: &text)
            return text.string
        }
    }

    /// Appends the path in the shell's syntax to `text`.
    public func appendDescription(to text: inout String) {
        text.append(description)
    }

    func appendDescription(to text: inout TextBuffer) {
        switch steps {
        case .root: return
        case .key(let key): Self.appendDescription(ofKey: key, to: &text)
        case .index(let index): Self.append(.index(index), first: true, to: &text)
        case .list(let list):
            for (position, component) in list.enumerated() { Self.append(component, first: position == 0, to: &text) }
        }
    }

    /// Appends the one-key path `key` as ``appendDescription(to:)-(TextBuffer)`` would (`key`, `["odd key"]`).
    static func appendDescription(ofKey key: String, to text: inout TextBuffer) {
        // The usual key, an ASCII identifier, read in place: no copy of the string to wrap it in a
        // component or to call the mutating `withUTF8` on.
        if !text.appendIfIdentifier(key) { append(.key(key), first: true, to: &text) }
    }

    /// Appends one component: `.key`, `key` first, `["odd key"]`, `[3]`.
    private static func append(_ component: Component, first: Bool, to text: inout TextBuffer) {
        switch component {
        case .key(let key):
            // An ASCII identifier is written as it is, in the same pass as the check.
            if text.appendIfIdentifier(key, after: first ? nil : UInt8(ascii: ".")) { return }
            if isPlainIdentifier(key) {
                if !first { text.append(UInt8(ascii: ".")) }
                text.append(key)
            } else {
                text.append(UInt8(ascii: "["))
                appendQuotedString(key, to: &text)
                text.append(UInt8(ascii: "]"))
            }
        case .index(let index):
            text.append(UInt8(ascii: "["))
            text.append(index)
            text.append(UInt8(ascii: "]"))
        }
    }

    /// The path as an RFC 6901 JSON Pointer: `/posts/0/title` (`~` as `~0`, `/` as `~1`); the root is `""`.
    public var jsonPointer: String {
        if isRoot { return "" }
        return TextBuffer.withScratch { text in
            appendJSONPointer(to: &text, jsonEscaped: false)
            return text.string
        }
    }

    /// Appends the JSON Pointer (`/posts/0/title`, `~` and `/` in keys as `~0` and `~1`); with
    /// `jsonEscaped`, each byte as it is written inside a JSON string literal.
    func appendJSONPointer(to text: inout TextBuffer, jsonEscaped: Bool) {
        // The one step of a one-step path (a changed field) is read where it lies (`self[0]` would
        // copy it: a key's retain and release).
        switch steps {
        case .root: return
        case .key(let key): Self.appendJSONPointerStep(key: key, to: &text, jsonEscaped: jsonEscaped)
        case .index(let index): Self.appendJSONPointerStep(index: index, to: &text)
        case .list(let list):
            for component in list.span.indices {
                switch list.span[component] {
                case .key(let key): Self.appendJSONPointerStep(key: key, to: &text, jsonEscaped: jsonEscaped)
                case .index(let index): Self.appendJSONPointerStep(index: index, to: &text)
                }
            }
        }
    }

    /// Appends `/` and `key` as a JSON Pointer step (`~` and `/` as `~0` and `~1`; with
    /// `jsonEscaped`, each byte as it is written inside a JSON string literal).
    private static func appendJSONPointerStep(key: String, to text: inout TextBuffer, jsonEscaped: Bool) {
        // A key of letters, digits and `_` (the usual field name) needs no escape of either kind:
        // copied whole, after its slash.
        if text.appendIfIdentifier(key, after: UInt8(ascii: "/")) { return }
        text.append(UInt8(ascii: "/"))
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "~"): text.append("~0")
            case UInt8(ascii: "/"): text.append("~1")
            default:
                if jsonEscaped { appendJSONStringByte(byte, to: &text) } else { text.append(byte) }
            }
        }
    }

    /// Appends `/` and `index` as a JSON Pointer step.
    private static func appendJSONPointerStep(index: Int, to text: inout TextBuffer) {
        text.append(UInt8(ascii: "/"))
        text.append(index)
    }
}

/// A-Z, a-z or `_`.
func isASCIILetter(_ byte: UInt8) -> Bool {
    let lowered = byte | 0x20
    return (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
}

/// Whether all eight bytes of `word` are ASCII letters, digits or `_`. With the top bits cleared,
/// each byte x is at most 0x7F, so x + (0x80 - lo) has its top bit set exactly when x ≥ lo, and
/// x + (0x7F - hi) exactly when x > hi, neither sum carrying into the next byte; a byte whose own
/// top bit is set (not ASCII) fails.
func isIdentifierWord(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    let low = word & ~highs
    func within(_ lo: UInt64, _ hi: UInt64) -> UInt64 {
        (low &+ ones &* (0x80 - lo)) & ~(low &+ ones &* (0x7F - hi))
    }
    let valid = within(0x30, 0x39) | within(0x41, 0x5A) | within(0x5F, 0x5F) | within(0x61, 0x7A)
    return valid & ~word & highs == highs
}

/// A-Z, a-z, 0-9 or `_`, by one bit test: bit `c - 64` of the mask for bytes 64...127,
/// bit `c` of the other for 0...63.
func isASCIIIdentifierByte(_ byte: UInt8) -> Bool {
    let digits: UInt64 = 0x03FF_0000_0000_0000                // "0"..."9" (48...57)
    let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE               // "A"..."Z", "_", "a"..."z" (65...122, 95)
    if byte < 64 { return (digits >> UInt64(byte)) & 1 == 1 }
    if byte < 128 { return (letters >> UInt64(byte - 64)) & 1 == 1 }
    return false
}

/// True when `key` can be written bare in a path: a letter or `_`, then letters, digits or `_`.
func isPlainIdentifier(_ key: String) -> Bool {
    // ASCII fast path: Unicode property lookups cost more than the rest of a diff line.
    let ascii: Bool? = key.utf8.withContiguousStorageIfAvailable { bytes in
        guard let first = bytes.first, first < 0x80 else { return nil }
        guard isASCIILetter(first) else { return bytes.allSatisfy { $0 < 0x80 } ? false : nil }
        for byte in bytes.dropFirst() where !(isASCIILetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))) {
            return bytes.allSatisfy { $0 < 0x80 } ? false : nil
        }
        return true
    } ?? nil
    if let ascii { return ascii }
    guard let first = key.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
    for scalar in key.unicodeScalars.dropFirst() where !(scalar.properties.isXIDContinue) { return false }
    return true
}
