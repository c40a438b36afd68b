import Synchronization

/// What the encoder knows about one coding-key type.
struct KeyTypeEntry {
    /// The key type the standard library's `Dictionary` encodes with: its objects get sorted.
    let isDictionary: Bool
    /// The field names of the last object written with these keys, all different.
    var shape: [String] = []
}

/// The kinds of value types `encodeValue` treats without calling `encode(to:)`.
enum ValueKind: UInt8 {
    case encodable, string, int, bool, double, stateValue
    case optionalString, optionalInt, optionalBool, optionalDouble
    case stringArray, intArray
    case convertible
}

/// What the encoder knows about one value type.
struct ValueTypeInfo {
    var kind: ValueKind
    /// For `StateValueConvertible` types: calls `stateValue` without a dynamic cast.
    var describe: AnyStateValueDescriber?
}

extension EncodingStorage {

    /// How values of `type` are encoded (found out on first sight), and the type's entry.
    mutating func valueKind<T>(_ type: T.Type) -> (ValueKind, Int) {
        if let index = valueTypeIndex.find(ObjectIdentifier(type)) { return (valueTypes[index].kind, index) }
        return (addValueType(type).kind, valueTypes.count - 1)
    }

    private mutating func addValueType<T>(_ type: T.Type) -> ValueTypeInfo {
        var info = ValueTypeInfo(kind: .encodable)
        if T.self == String.self { info.kind = .string }
        else if T.self == Int.self { info.kind = .int }
        else if T.self == Bool.self { info.kind = .bool }
        else if T.self == Double.self { info.kind = .double }
        else if T.self == StateValue.self { info.kind = .stateValue }
        else if T.self == String?.self { info.kind = .optionalString }
        else if T.self == Int?.self { info.kind = .optionalInt }
        else if T.self == Bool?.self { info.kind = .optionalBool }
        else if T.self == Double?.self { info.kind = .optionalDouble }
        else if let describer = makeStateValueDescriber(for: type) {
            info.kind = .convertible
            info.describe = describer
        } else if T.self == [String].self { info.kind = .stringArray }
        else if T.self == [Int].self { info.kind = .intArray }
        valueTypeIndex.insert(ObjectIdentifier(type), valueTypes.count)
        valueTypes.append(info)
        return info
    }

    func keyTypeEntry<Key: CodingKey>(_ type: Key.Type) -> Int? {
        keyTypeIndex.find(ObjectIdentifier(type))
    }

    mutating func addKeyType<Key: CodingKey>(_ type: Key.Type) -> Int {
        let entry = KeyTypeEntry(
            isDictionary: ObjectIdentifier(type) == dictionaryCodingKeyType)
        keyTypeIndex.insert(ObjectIdentifier(type), keyTypes.count)
        keyTypes.append(entry)
        return keyTypes.count - 1
    }
}

// MARK: - Type-specific helpers

/// The coding-key type the standard library's `Dictionary` encodes its keys with, found
/// once by encoding a probe dictionary. Objects written with it are dictionaries, whose
/// order is random: they are sorted so equal dictionaries give equal values.
let dictionaryCodingKeyType: ObjectIdentifier? = {
    let probe = KeyTypeProbe()
    try? ["": 0].encode(to: probe)
    return probe.keyType.withLock { $0 }
}()

/// An encoder that only records the key type of the first keyed container asked of it.
private final class KeyTypeProbe: Encoder, Sendable {
    let keyType = Mutex<ObjectIdentifier?>(nil)
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyType.withLock { $0 = $0 ?? ObjectIdentifier(Key.self) }
        return KeyedEncodingContainer(ProbeKeyedWriter<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { ProbeUnkeyedWriter() }
    func singleValueContainer() -> any SingleValueEncodingContainer { ProbeSingleWriter() }
}
