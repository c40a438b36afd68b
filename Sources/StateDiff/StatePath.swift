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
    public var components: [Component]

    /// The path made of `components`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path made of the listed components.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The root of the state.
    public static let root = StatePath()

    /// True for the root path.
    public var isRoot: Bool { components.isEmpty }

    /// This path extended by one field key.
    public func appending(key: String) -> StatePath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This path extended by one array index.
    public func appending(index: Int) -> StatePath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// The path without its last component (the root stays the root).
    public var parent: StatePath {
        var copy = self
        if !copy.components.isEmpty { copy.components.removeLast() }
        return copy
    }

    /// The path in the shell's syntax: `posts[0].title`.
    public var description: String {
        var text = TextBuffer(capacity: 16)
        appendDescription(to: &text)
        return text.string
    }

    /// Appends the path in the shell's syntax to `text`.
    public func appendDescription(to text: inout String) {
        var buffer = TextBuffer(capacity: 16)
        appendDescription(to: &buffer)
        text.append(buffer.string)
    }

    func appendDescription(to text: inout TextBuffer) {
        for (position, component) in components.enumerated() {
            switch component {
            case .key(let key):
                if isPlainIdentifier(key) {
                    if position > 0 { text.append(".") }
                    text.append(key)
                } else {
                    text.append("[")
                    appendQuotedString(key, to: &text)
                    text.append("]")
                }
            case .index(let index):
                text.append("[")
                text.append(index)
                text.append("]")
            }
        }
    }

    /// The path as an RFC 6901 JSON Pointer: `/posts/0/title` (`~` as `~0`, `/` as `~1`); the root is `""`.
    public var jsonPointer: String {
        var text = ""
        for component in components {
            text.append("/")
            switch component {
            case .key(let key):
                if key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                    for character in key.unicodeScalars {
                        switch character {
                        case "~": text.append("~0")
                        case "/": text.append("~1")
                        default: text.unicodeScalars.append(character)
                        }
                    }
                } else {
                    text.append(key)
                }
            case .index(let index):
                text.append(String(index))
            }
        }
        return text
    }
}

/// A-Z, a-z or `_`.
@inline(__always)
private func isASCIILetter(_ byte: UInt8) -> Bool {
    let lowered = byte | 0x20
    return (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
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
