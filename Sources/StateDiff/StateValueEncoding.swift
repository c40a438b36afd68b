extension StateValue {
    /// Builds the value model of `value` with a dedicated `Encoder`.
    ///
    /// Fields keep their declaration order; optionals that are `nil` become `.null`
    /// (they are not left out); enums with associated values read as
    /// `{"setRepos": {"_0": [...], "nextPage": 2}}`; dictionaries with `String` or `Int`
    /// keys are listed in sorted key order so equal dictionaries give equal values;
    /// any value conforming to `StateValueConvertible` is replaced by its `stateValue`.
    /// Throws only what the value's own `encode(to:)` throws.
    public init(encoding value: some Encodable) throws {
        self = try encodeStateValue(value, parent: nil, key: nil)
    }
}

/// Encodes one value found at `key` under `parent`, taking fast paths for common leaves.
func encodeStateValue<T: Encodable>(_ value: T, parent: EncodingNode?, key: (any CodingKey)?) throws -> StateValue {
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
    if T.self == StateValue.self { return unsafeBitCast(value, to: StateValue.self) }
    // Optional leaves, as their `encode(to:)` would give through a single-value container.
    if T.self == String?.self { return unsafeBitCast(value, to: String?.self).map(StateValue.string) ?? .null }
    if T.self == Int?.self { return unsafeBitCast(value, to: Int?.self).map(StateValue.int) ?? .null }
    if T.self == Bool?.self { return unsafeBitCast(value, to: Bool?.self).map(StateValue.bool) ?? .null }
    if T.self == Double?.self { return unsafeBitCast(value, to: Double?.self).map(StateValue.double) ?? .null }
    if ConvertibleTypeCache.shared.conforms(type(of: value)), let convertible = value as? any StateValueConvertible {
        return convertible.stateValue
    }
    let node = EncodingNode(parent: parent, key: key)
    try value.encode(to: node)
    return try node.finish()
}

/// The coding-key type the standard library's `Dictionary` encodes its keys with, found
/// once by encoding a probe dictionary. Objects written with it are dictionaries, whose
/// order is random: they are sorted so equal dictionaries give equal values.
let dictionaryCodingKeyType: ObjectIdentifier? = {
    let probe = EncodingNode(parent: nil, key: nil)
    try? ["": 0].encode(to: probe)
    return probe.keyType
}()

/// The `Encoder` handed to a value's `encode(to:)`: collects what it writes into one `StateValue`.
///
/// The containers it hands out write straight into its storage. Nodes form a chain to
/// their parents so `codingPath` is computed only when asked for.
final class EncodingNode: Encoder {
    /// Which kind of value was written so far.
    enum Kind {
        case empty, single, object, array
    }

    let parent: EncodingNode?
    let key: (any CodingKey)?
    var kind = Kind.empty
    var single = StateValue.null
    var fields: [StateField] = []
    var elements: [StateValue] = []
    /// Nested containers and super-encoders: their values are filled in by `finish()`.
    var pending: [(index: Int, node: EncodingNode)] = []
    /// The coding-key type of the keyed container, to recognize dictionaries.
    var keyType: ObjectIdentifier?
    private var indexByKey: [String: Int]?

    init(parent: EncodingNode?, key: (any CodingKey)?) {
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: EncodingNode? = self
        while let current = node {
            if let key = current.key { path.append(key) }
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if kind != .object {
            kind = .object
            fields.reserveCapacity(8)
            keyType = ObjectIdentifier(Key.self)
        }
        return KeyedEncodingContainer(KeyedWriter<Key>(node: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if kind != .array { kind = .array }
        return UnkeyedWriter(node: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueWriter(node: self)
    }

    /// Writes a single value (the node's whole value).
    func setSingle(_ value: StateValue) {
        kind = .single
        single = value
    }

    /// Sets `key` to `value`; a key written twice keeps its first position and its last value.
    func set(_ key: String, _ value: StateValue) {
        if let index = existingIndex(of: key) {
            fields[index].value = value
            pending.removeAll { $0.index == index }
        } else {
            indexByKey?[key] = fields.count
            fields.append(StateField(key, value))
        }
    }

    /// Reserves `key` for the value that `child` will produce when this node finishes.
    func setPending(_ key: String, _ child: EncodingNode) {
        set(key, .null)
        if let index = existingIndex(of: key) { pending.append((index, child)) }
    }

    /// Appends a placeholder element for the value that `child` will produce.
    func appendPending(_ child: EncodingNode) {
        pending.append((elements.count, child))
        elements.append(.null)
    }

    private func existingIndex(of key: String) -> Int? {
        if fields.count < 16 {
            for index in fields.indices where fields[index].key == key { return index }
            return nil
        }
        if indexByKey == nil {
            var index: [String: Int] = [:]
            for (position, field) in fields.enumerated() { index[field.key] = position }
            indexByKey = index
        }
        return indexByKey?[key]
    }

    /// The finished value. A value that wrote nothing is an empty object.
    func finish() throws -> StateValue {
        switch kind {
        case .empty: return .object([])
        case .single: return single
        case .array:
            for (index, node) in pending { elements[index] = try node.finish() }
            return .array(elements)
        case .object:
            for (index, node) in pending { fields[index].value = try node.finish() }
            if keyType != nil && keyType == dictionaryCodingKeyType { sortDictionaryKeys() }
            return .object(fields)
        }
    }

    /// Sorts a dictionary's entries: numerically when every key is an integer, else by key.
    private func sortDictionaryKeys() {
        let numbers = fields.map { Int($0.key) }
        if numbers.allSatisfy({ $0 != nil }) {
            fields = zip(numbers, fields).sorted { $0.0! < $1.0! }.map(\.1)
        } else {
            fields.sort { $0.key < $1.key }
        }
    }
}
