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
    if let convertible = value as? any StateValueConvertible { return convertible.stateValue }
    if let dictionary = value as? any StringKeyedDictionary {
        return try dictionary.sortedStateValue(parent: parent, key: key)
    }
    if let dictionary = value as? any IntKeyedDictionary {
        return try dictionary.sortedStateValue(parent: parent, key: key)
    }
    let node = EncodingNode(parent: parent, key: key)
    try value.encode(to: node)
    return try node.finish()
}

/// Dictionaries keyed by strings: encoded with their keys sorted (Swift's own order is random).
protocol StringKeyedDictionary {
    func sortedStateValue(parent: EncodingNode?, key: (any CodingKey)?) throws -> StateValue
}

/// Dictionaries keyed by integers: encoded with their keys in ascending order.
protocol IntKeyedDictionary {
    func sortedStateValue(parent: EncodingNode?, key: (any CodingKey)?) throws -> StateValue
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Encodable {
    func sortedStateValue(parent: EncodingNode?, key: (any CodingKey)?) throws -> StateValue {
        let node = EncodingNode(parent: parent, key: key)
        var fields: [StateField] = []
        fields.reserveCapacity(count)
        for entryKey in keys.sorted() {
            fields.append(StateField(entryKey, try encodeStateValue(self[entryKey]!, parent: node, key: FieldKey(stringValue: entryKey))))
        }
        return .object(fields)
    }
}

extension Dictionary: IntKeyedDictionary where Key == Int, Value: Encodable {
    func sortedStateValue(parent: EncodingNode?, key: (any CodingKey)?) throws -> StateValue {
        let node = EncodingNode(parent: parent, key: key)
        var fields: [StateField] = []
        fields.reserveCapacity(count)
        for entryKey in keys.sorted() {
            let name = String(entryKey)
            fields.append(StateField(name, try encodeStateValue(self[entryKey]!, parent: node, key: FieldKey(stringValue: name))))
        }
        return .object(fields)
    }
}

/// The `Encoder` handed to a value's `encode(to:)`: collects what it writes into one `StateValue`.
///
/// Nodes form a chain to their parents so `codingPath` is computed only when asked for.
final class EncodingNode: Encoder {
    /// What the value wrote so far.
    enum Storage {
        case empty
        case single(StateValue)
        case object(ObjectBox)
        case array(ArrayBox)
    }

    let parent: EncodingNode?
    let key: (any CodingKey)?
    var storage: Storage = .empty

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
        KeyedEncodingContainer(KeyedWriter<Key>(node: self, box: objectBox()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedWriter(node: self, box: arrayBox())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueWriter(node: self)
    }

    /// The object being written (created on first use; asking twice continues the same object).
    func objectBox() -> ObjectBox {
        if case .object(let box) = storage { return box }
        let box = ObjectBox()
        storage = .object(box)
        return box
    }

    /// The array being written (created on first use; asking twice continues the same array).
    func arrayBox() -> ArrayBox {
        if case .array(let box) = storage { return box }
        let box = ArrayBox()
        storage = .array(box)
        return box
    }

    /// The finished value. A value that wrote nothing is an empty object.
    func finish() throws -> StateValue {
        switch storage {
        case .empty: return .object([])
        case .single(let value): return value
        case .object(let box): return try box.finish()
        case .array(let box): return try box.finish()
        }
    }
}

/// An object under construction. Nested containers and super-encoders are finished last.
final class ObjectBox {
    var fields: [StateField] = []
    var pending: [(index: Int, node: EncodingNode)] = []
    private var indexByKey: [String: Int]?

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

    /// Reserves `key` for a value that `node` will produce when the object is finished.
    func setPending(_ key: String, _ node: EncodingNode) {
        set(key, .null)
        if let index = existingIndex(of: key) { pending.append((index, node)) }
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

    func finish() throws -> StateValue {
        for (index, node) in pending { fields[index].value = try node.finish() }
        return .object(fields)
    }
}

/// An array under construction. Nested containers and super-encoders are finished last.
final class ArrayBox {
    var values: [StateValue] = []
    var pending: [(index: Int, node: EncodingNode)] = []

    func finish() throws -> StateValue {
        for (index, node) in pending { values[index] = try node.finish() }
        return .array(values)
    }
}
