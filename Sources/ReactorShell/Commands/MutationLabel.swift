import StateDiff
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

    /// `label` cut to `limit` characters, ending with `…` when cut.
    public static func shortened(_ label: String, limit: Int) -> String {
        // Fast path: ASCII text needs no character counting.
        let limit = max(limit, 1)
        if label.utf8.count <= limit { return label }
        if label.count <= limit { return label }
        return String(label.prefix(limit - 1)) + "…"
    }
}

/// Describes mutations like `MutationLabel.describe`, remembering the labels of values that contain no
/// references — payload-free enum cases such as `increaseValue`, or cases with plain payloads such as
/// `setLoading(true)` — and of enum cases whose payload is one `String`, such as
/// `setAlertMessage("increased!")`, so that a batch run does not reflect on them again.
///
/// The cache is two-way set-associative (a fixed number of slots in pairs, the pair chosen by a hash
/// of the value's type and bits), so a hit costs a few comparisons and memory stays bounded. Two
/// ways, because the type's address enters the hash and moves with the binary's layout and ASLR:
/// with one way, two labels a script alternates between could share a slot in one build or run and
/// evict each other on every line. `label(for:)` is inlinable so
/// that it is specialized for the mutation type where it is called.
///
/// Not thread-safe: keep one per session (the shell runs on the main actor).
public final class MutationLabeler {
    /// The maximum length of a label, in characters.
    public let limit: Int

    /// One remembered label. `retained` keeps a value with references alive while its label is
    /// cached, so no other value can reuse its storage addresses and match its bits. An object
    /// (the value boxed), not an `Any?`: a slot is then moved and overwritten with plain stores
    /// and one release, where an existential goes through its type's value witnesses.
    @usableFromInline
    struct Slot {
        @usableFromInline var type: ObjectIdentifier?
        @usableFromInline var words: (UInt64, UInt64, UInt64, UInt64)
        @usableFromInline var label: String
        var retained: AnyObject?

        init() {
            type = nil
            words = (0, 0, 0, 0)
            label = ""
            retained = nil
        }
    }

    @usableFromInline static let slotCount = 256
    @usableFromInline static let maximumCachedSize = 32
    /// `slotCount` slots, allocated once (``FixedArray``: no copy-on-write or exclusivity check on a hit).
    @usableFromInline let slots: FixedArray<Slot>

    /// Creates a labeler whose labels are at most `limit` characters long.
    public init(limit: Int = MutationLabel.defaultLimit) {
        self.limit = limit
        slots = FixedArray(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        slots.deallocate()
    }

    /// The label of `value` (see `MutationLabel.describe`). `own`, when given, is how `Value` labels
    /// itself (its ``CustomMutationLabel/mutationLabel``, as a closure made once for the type):
    /// asked instead of reflection. Its labels are cached when `Value` holds
    /// no references, or when it says they may be (``CustomMutationLabel/mutationLabelIsCacheable``).
    @inlinable
    public func label<Value>(for value: Value, own: ((Value) -> String)? = nil) -> String {
        // A value without references is fully determined by its bits, so its type and bits identify its
        // label. Existentials are excluded: their bits point elsewhere.
        guard MemoryLayout<Value>.size <= Self.maximumCachedSize,
              ObjectIdentifier(type(of: value) as Any.Type) == ObjectIdentifier(Value.self) else {
            if let own { return ownLabel(of: value, own) }
            return MutationLabel.describe(value, limit: limit)
        }
        let words = bitPattern(of: value)
        let type = ObjectIdentifier(Value.self)
        // The pair is chosen by the hash without its lowest bit: two labels whose hashes differ only
        // there share a pair, so each must be found in either slot (a pair told apart by that bit
        // made them evict each other on every line).
        let slot = Self.slotIndex(type, words) & ~1
        if slots[slot].type == type, slots[slot].words == words { return slots[slot].label }
        let partner = slot + 1
        if slots[partner].type == type, slots[partner].words == words { return slots[partner].label }
        // The pair's first slot holds the newer label: the older one moves to the second.
        slots.swapAt(slot, partner)
        if let own {
            let label = ownLabel(of: value, own)
            if _isPOD(Value.self) {
                remember(label, type: type, words: words, retaining: nil, in: slot)
            } else if Self.ownLabelIsCacheable(Value.self) {
                remember(label, type: type, words: words, retaining: RetainedValue(value), in: slot)
            }
            return label
        }
        return describeAndRemember(value, type: type, words: words, in: slot)
    }

    /// Whether `type` says its own labels may be cached (asked only when one is made, not found).
    @usableFromInline
    static func ownLabelIsCacheable<Value>(_ type: Value.Type) -> Bool {
        (type as? any CustomMutationLabel.Type)?.mutationLabelIsCacheable ?? false
    }

    /// `value`'s own label (read through `own`), cut to ``limit`` like a reflected one.
    @inlinable
    func ownLabel<Value>(of value: Value, _ own: (Value) -> String) -> String {
        MutationLabel.shortened(own(value), limit: limit)
    }

    /// Caches `label` in `slot` for the value of `type` with bits `words`; `retained` keeps a value
    /// with references alive while its label is cached.
    @usableFromInline
    func remember(
        _ label: String, type: ObjectIdentifier, words: (UInt64, UInt64, UInt64, UInt64), retaining retained: AnyObject?,
        in slot: Int
    ) {
        slots[slot].type = type
        slots[slot].words = words
        slots[slot].label = label
        slots[slot].retained = retained
    }

    @inlinable
    static func slotIndex(_ type: ObjectIdentifier, _ words: (UInt64, UInt64, UInt64, UInt64)) -> Int {
        var hash = UInt64(UInt(bitPattern: type))
        hash = (hash ^ words.0) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ words.1) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ words.2 ^ words.3) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash >> 56) & (slotCount - 1)
    }

    /// Describes `value` and caches the label in `slot` when its bits identify it.
    @usableFromInline
    func describeAndRemember<Value>(
        _ value: Value, type: ObjectIdentifier, words: (UInt64, UInt64, UInt64, UInt64),
        in slot: Int
    ) -> String {
        var writer = LabelWriter(limit: limit)
        writer.write(value, depth: 0)
        let label = writer.finish()
        if _isPOD(Value.self) || writer.isPlainEnumCase || writer.isStringPayloadEnumCase {
            // A String payload's bits may point at its storage: equal bits then mean the same
            // (immutable) storage only while it is kept alive.
            remember(label, type: type, words: words, retaining: _isPOD(Value.self) ? nil : RetainedValue(value), in: slot)
        }
        return label
    }
}

/// A value kept alive by a ``MutationLabeler`` slot.
@usableFromInline
final class RetainedValue<Value> {
    let value: Value

    @usableFromInline
    init(_ value: Value) {
        self.value = value
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
        MutationLabel.shortened(output, limit: limit)
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
                    output += StateValue.string(text).literal()
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
        if valueType == String.self { output += StateValue.string(value as! String).literal(); return true }
        if valueType == Int.self { output += String(value as! Int); return true }
        if valueType == Bool.self { output += (value as! Bool) ? "true" : "false"; return true }
        if valueType == Double.self { output += (value as! Double).description; return true }
        if valueType == Substring.self { output += StateValue.string(String(value as! Substring)).literal(); return true }
        if valueType == Character.self { output += StateValue.string(String(value as! Character)).literal(); return true }
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
    /// Whether the shell may keep a value's label and give it again for a value of the same bits
    /// (the first one kept alive meanwhile), as it does with reflected labels: true when the label
    /// depends on the value alone and the value refers to no object that can change (its payloads
    /// are numbers, strings, arrays of them). Labels of a type without references are kept
    /// whatever this says. False unless the type says otherwise.
    static var mutationLabelIsCacheable: Bool { get }
}

extension CustomMutationLabel {
    /// False: the shell asks the value for its label each time (unless the type holds no references).
    public static var mutationLabelIsCacheable: Bool { false }
}
