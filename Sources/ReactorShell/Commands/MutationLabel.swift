/// Describes any value as Swift-like text, for the shell's `  · setLoading(true)` lines.
///
/// - an enum case without payload: `increaseValue` (nested: `.all`);
/// - with payload: `setRepos(["a", "b"], nextPage: 2)`, `setQuery(nil)`, `insertPost(Post(id: 1, title: "x", content: ""), at: 0)`;
/// - optionals unwrapped or `nil`; strings quoted and escaped; structs as `Type(field: value, …)`;
/// - text longer than `limit` characters is cut and ends with `…`.
///
/// Uses `Mirror`, so it works on any type without conformances; `MutationLabeler` adds a cache.
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

/// Describes mutations like `MutationLabel.describe`, remembering the labels of small plain values
/// (payload-free enum cases such as `increaseValue`, or `setLoading(true)`) so that a batch run does not
/// reflect on them again.
///
/// Not thread-safe: keep one per session (the shell runs on the main actor).
public final class MutationLabeler {
    private struct Key: Hashable {
        let type: ObjectIdentifier
        let bits: UInt64
    }

    /// The maximum length of a label, in characters.
    public let limit: Int
    private var cache: [Key: String] = [:]
    private static let cacheCapacity = 4096

    /// Creates a labeler whose labels are at most `limit` characters long.
    public init(limit: Int = MutationLabel.defaultLimit) {
        self.limit = limit
    }

    /// The label of `value` (see `MutationLabel.describe`).
    public func label<Value>(for value: Value) -> String {
        // A value of a plain (POD) type of at most 8 bytes is fully determined by its bits, so those bits
        // and its type identify its label.
        guard _isPOD(Value.self), MemoryLayout<Value>.size <= 8, MemoryLayout<Value>.size > 0 else {
            return MutationLabel.describe(value, limit: limit)
        }
        var bits: UInt64 = 0
        withUnsafeBytes(of: value) { source in
            withUnsafeMutableBytes(of: &bits) { target in target.copyMemory(from: source) }
        }
        let key = Key(type: ObjectIdentifier(Value.self), bits: bits)
        if let label = cache[key] { return label }
        let label = MutationLabel.describe(value, limit: limit)
        if cache.count >= Self.cacheCapacity { cache.removeAll(keepingCapacity: true) }
        cache[key] = label
        return label
    }
}

/// Writes the Swift-like text of a value, stopping once the text is longer than the limit.
struct LabelWriter {
    let limit: Int
    var output = ""
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
        switch value {
        case let text as String: LiteralFormatter.writeQuoted(text, to: &output); return
        case let number as Int: output += String(number); return
        case let flag as Bool: output += flag ? "true" : "false"; return
        case let number as Double: output += LiteralFormatter.formatDouble(number); return
        case let text as Substring: LiteralFormatter.writeQuoted(String(text), to: &output); return
        case let character as Character: LiteralFormatter.writeQuoted(String(character), to: &output); return
        default: break
        }
        guard depth < Self.maximumDepth else {
            output += "…"
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first { write(wrapped.value, depth: depth + 1, nested: nested) } else { output += "nil" }
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
            writeElements(mirror.children.lazy.map(\.value), depth: depth)
            output += "]"
        case .dictionary:
            writeDictionary(mirror, depth: depth)
        case .tuple:
            writeArguments(mirror.children, depth: depth)
        default:
            output += String(describing: value)
        }
    }

    private mutating func writeEnum(_ value: Any, mirror: Mirror, depth: Int, nested: Bool) {
        if nested { output += "." }
        guard let payload = mirror.children.first else {
            output += String(describing: value)
            return
        }
        output += payload.label ?? String(describing: value)
        let payloadMirror = Mirror(reflecting: payload.value)
        if payloadMirror.displayStyle == .tuple {
            writeArguments(payloadMirror.children, depth: depth)
        } else {
            output += "("
            write(payload.value, depth: depth + 1, nested: true)
            output += ")"
        }
    }

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

    private mutating func writeElements<Elements: Sequence>(_ elements: Elements, depth: Int) where Elements.Element == Any {
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
