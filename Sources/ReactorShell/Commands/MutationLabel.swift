/// Describes any value as Swift-like text, for the shell's `  · setLoading(true)` lines.
///
/// - an enum case without payload: `increaseValue` (nested: `.all`);
/// - with payload: `setRepos(["a", "b"], nextPage: 2)`, `setQuery(nil)`, `insertPost(Post(id: 1, title: "x", content: ""), at: 0)`;
/// - optionals unwrapped or `nil`; strings quoted and escaped; structs as `Type(field: value, …)`;
/// - text longer than `limit` characters is cut and ends with `…`.
///
/// Uses `Mirror`, so it works on any type without conformances; `MutationLabeler` adds a cache, and a
/// type may give its own label by conforming to `CustomMutationLabel`.
public enum MutationLabel {
    /// The default maximum length of a label, in characters.
    public static let defaultLimit = 80

    /// The Swift-like text of `value`, at most `limit` characters.
    public static func describe(_ value: Any, limit: Int = defaultLimit) -> String {
        var writer = LabelWriter(limit: limit)
        writer.write(value, depth: 0)
        return writer.finish()
    }
}

/// Describes mutations like `MutationLabel.describe`, remembering the labels of values that contain no
/// references — payload-free enum cases such as `increaseValue`, or cases with plain payloads such as
/// `setLoading(true)` — and of enum cases whose payload is one `String`, such as
/// `setAlertMessage("increased!")`, so that a batch run does not reflect on them again.
///
/// Not thread-safe: keep one per session (the shell runs on the main actor).
public final class MutationLabeler {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let words: (UInt64, UInt64, UInt64, UInt64)

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.type == rhs.type && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
                && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }
    }

    /// The maximum length of a label, in characters.
    public let limit: Int
    /// A remembered label. `retained` keeps a value with references alive while its label is
    /// cached, so no other value can reuse its storage addresses and match its bits.
    private struct Entry {
        let label: String
        let retained: Any?
    }

    private var cache: [Key: Entry] = [:]
    private static let cacheCapacity = 4096
    private static let maximumCachedSize = 32

    /// Creates a labeler whose labels are at most `limit` characters long.
    public init(limit: Int = MutationLabel.defaultLimit) {
        self.limit = limit
    }

    /// The label of `value` (see `MutationLabel.describe`).
    public func label<Value>(for value: Value) -> String {
        // A value without references is fully determined by its bits, so its type and bits identify its
        // label. Existentials are excluded: their bits point elsewhere.
        guard MemoryLayout<Value>.size <= Self.maximumCachedSize,
              ObjectIdentifier(type(of: value) as Any.Type) == ObjectIdentifier(Value.self) else {
            return MutationLabel.describe(value, limit: limit)
        }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeBytes(of: value) { source in
            withUnsafeMutableBytes(of: &words) { target in target.copyMemory(from: source) }
        }
        let key = Key(type: ObjectIdentifier(Value.self), words: words)
        if let entry = cache[key] { return entry.label }
        var writer = LabelWriter(limit: limit)
        writer.write(value, depth: 0)
        let label = writer.finish()
        if _isPOD(Value.self) || writer.isPlainEnumCase || writer.isStringPayloadEnumCase {
            if cache.count >= Self.cacheCapacity { cache.removeAll(keepingCapacity: true) }
            // A String payload's bits may point at its storage: equal bits then mean the same
            // (immutable) storage only while it is kept alive.
            cache[key] = Entry(label: label, retained: _isPOD(Value.self) ? nil : value)
        }
        return label
    }

}

/// Writes the Swift-like text of a value, stopping once the text is longer than the limit.
struct LabelWriter {
    let limit: Int
    var output = ""
    /// Set when the value written is an enum case whose payload, if any, is of a plain (POD) type.
    private(set) var isPlainEnumCase = false
    /// Set when the value written is an enum case whose payload is one `String`.
    private(set) var isStringPayloadEnumCase = false
    private static let maximumDepth = 12

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    var isFull: Bool { output.utf8.count > limit * 4 }

    mutating func finish() -> String {
        // Fast path: ASCII text needs no character counting.
        let byteCount = output.utf8.count
        if byteCount <= limit { return output }
        let characterCount = output.count
        if characterCount <= limit { return output }
        return String(output.prefix(limit - 1)) + "…"
    }

    mutating func write(_ value: Any, depth: Int, nested: Bool = false) {
        if isFull { return }
        if writePrimitive(value) { return }
        if depth == 0, let custom = value as? CustomMutationLabel {
            output += custom.mutationLabel
            return
        }
        guard depth < Self.maximumDepth else {
            output += "…"
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = (value as? any OptionalLike)?.wrappedValueAsAny { write(wrapped, depth: depth + 1, nested: nested) } else { output += "nil" }
        case .enum:
            writeEnum(value, mirror: mirror, depth: depth, nested: nested)
        case .struct, .class:
            if let custom = value as? CustomStringConvertible {
                output += custom.description
            } else {
                output += String(describing: type(of: value))
                writeArguments(mirror.children, depth: depth)
            }
        case .collection, .set:
            output += "["
            if let strings = value as? [String] {
                for (index, text) in strings.enumerated() {
                    if isFull { break }
                    if index > 0 { output += ", " }
                    LiteralFormatter.writeQuoted(text, to: &output)
                }
            } else if let collection = value as? any Collection {
                writeElements(collection, depth: depth)
            } else {
                writeElements(mirror.children.lazy.map(\.value), depth: depth)
            }
            output += "]"
        case .dictionary:
            writeDictionary(mirror, depth: depth)
        case .tuple:
            writeArguments(mirror.children, depth: depth)
        default:
            output += String(describing: value)
        }
    }

    /// Writes Strings, Ints, Bools and Doubles without reflection; false for other types.
    private mutating func writePrimitive(_ value: Any) -> Bool {
        let valueType = type(of: value)
        if valueType == String.self { LiteralFormatter.writeQuoted(value as! String, to: &output); return true }
        if valueType == Int.self { output += String(value as! Int); return true }
        if valueType == Bool.self { output += (value as! Bool) ? "true" : "false"; return true }
        if valueType == Double.self { output += LiteralFormatter.formatDouble(value as! Double); return true }
        if valueType == Substring.self { LiteralFormatter.writeQuoted(String(value as! Substring), to: &output); return true }
        if valueType == Character.self { LiteralFormatter.writeQuoted(String(value as! Character), to: &output); return true }
        return false
    }

    private mutating func writeEnum(_ value: Any, mirror: Mirror, depth: Int, nested: Bool) {
        if nested { output += "." }
        guard let payload = mirror.children.first else {
            if depth == 0 { isPlainEnumCase = true }
            output += String(describing: value)
            return
        }
        if depth == 0 {
            isPlainEnumCase = Self.isPlain(payload.value)
            isStringPayloadEnumCase = type(of: payload.value) == String.self
        }
        output += payload.label ?? String(describing: value)
        output += "("
        if writePrimitive(payload.value) {
            output += ")"
            return
        }
        output.removeLast()
        let payloadMirror = Mirror(reflecting: payload.value)
        if payloadMirror.displayStyle == .tuple {
            writeArguments(payloadMirror.children, depth: depth)
        } else {
            output += "("
            write(payload.value, depth: depth + 1, nested: true)
            output += ")"
        }
    }

    private static func isPlain<T>(_ value: T) -> Bool { _isPOD(T.self) }

    /// `(a, label: b)`: tuple elements named `.0`, `.1` are positional.
    private mutating func writeArguments(_ children: Mirror.Children, depth: Int) {
        output += "("
        var first = true
        for child in children {
            if isFull { break }
            if !first { output += ", " }
            first = false
            if let label = child.label, !label.hasPrefix(".") {
                output += label
                output += ": "
            }
            write(child.value, depth: depth + 1, nested: true)
        }
        output += ")"
    }

    /// Writes elements separated by commas, stopping once the text is long enough (big arrays are not walked).
    private mutating func writeElements<Elements: Sequence>(_ elements: Elements, depth: Int) {
        var first = true
        for element in elements {
            if isFull { break }
            if !first { output += ", " }
            first = false
            write(element, depth: depth + 1, nested: true)
        }
    }

    private mutating func writeDictionary(_ mirror: Mirror, depth: Int) {
        if mirror.children.isEmpty {
            output += "[:]"
            return
        }
        output += "["
        var first = true
        for entry in mirror.children {
            if isFull { break }
            if !first { output += ", " }
            first = false
            let pair = Array(Mirror(reflecting: entry.value).children)
            if pair.count == 2 {
                write(pair[0].value, depth: depth + 1, nested: true)
                output += ": "
                write(pair[1].value, depth: depth + 1, nested: true)
            }
        }
        output += "]"
    }
}

/// Lets the writer unwrap an optional without reflecting on it.
private protocol OptionalLike {
    var wrappedValueAsAny: Any? { get }
}

extension Optional: OptionalLike {
    fileprivate var wrappedValueAsAny: Any? { self.map { $0 } }
}

/// A type that gives its own mutation label (instead of the reflected one), e.g. for speed.
public protocol CustomMutationLabel {
    /// The label, such as `setRepos(["a"], nextPage: 2)`.
    var mutationLabel: String { get }
}
