// The three container kinds the `EncodingNode` hands out. Every write lands directly in
// the node; only nested containers and super-encoders are resolved when it finishes.

/// Converts an unsigned or wide integer to `.int`, or to `.double` when it does not fit.
@inline(__always)
func integerValue<I: BinaryInteger>(_ value: I) -> StateValue {
    if let exact = Int(exactly: value) { return .int(exact) }
    return .double(Double(value))
}

/// A `Float` as the `Double` with the same shortest decimal form (`0.1`, not `0.10000000149011612`).
@inline(__always)
func floatValue(_ value: Float) -> StateValue {
    guard value.isFinite else { return .double(Double(value)) }
    return .double(Double(value.description) ?? Double(value))
}

struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil(forKey key: Key) throws { node.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.set(key.stringValue, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.set(key.stringValue, floatValue(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.set(key.stringValue, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.set(key.stringValue, integerValue(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.set(key.stringValue, integerValue(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.set(key.stringValue, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.set(key.stringValue, integerValue(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(key.stringValue, try encodeStateValue(value, parent: node, key: key))
    }

    // Optionals are kept as `.null` instead of being left out.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { node.set(key.stringValue, value.map(StateValue.bool) ?? .null) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { node.set(key.stringValue, value.map(StateValue.string) ?? .null) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { node.set(key.stringValue, value.map(StateValue.double) ?? .null) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { node.set(key.stringValue, value.map(floatValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { node.set(key.stringValue, value.map(StateValue.int) ?? .null) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { node.set(key.stringValue, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return node.set(key.stringValue, .null) }
        node.set(key.stringValue, try encodeStateValue(value, parent: node, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode(parent: node, key: key)
        node.setPending(key.stringValue, child)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode(parent: node, key: key)
        node.setPending(key.stringValue, child)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let key = FieldKey(stringValue: "super")
        let child = EncodingNode(parent: node, key: key)
        node.setPending(key.stringValue, child)
        return child
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode(parent: node, key: key)
        node.setPending(key.stringValue, child)
        return child
    }
}

/// The coding key of an array element (its index).
struct IndexKey: CodingKey {
    let index: Int
    var stringValue: String { String(index) }
    var intValue: Int? { index }
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.index = intValue }
}

struct UnkeyedWriter: UnkeyedEncodingContainer {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }
    var count: Int { node.elements.count }

    mutating func encodeNil() throws { node.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { node.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { node.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { node.elements.append(.double(value)) }
    mutating func encode(_ value: Float) throws { node.elements.append(floatValue(value)) }
    mutating func encode(_ value: Int) throws { node.elements.append(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.elements.append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.elements.append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.elements.append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.elements.append(integerValue(value)) }
    mutating func encode(_ value: UInt) throws { node.elements.append(integerValue(value)) }
    mutating func encode(_ value: UInt8) throws { node.elements.append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.elements.append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { node.elements.append(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { node.elements.append(integerValue(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        node.elements.append(try encodeStateValue(value, parent: node, key: IndexKey(node.elements.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        child().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        child().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { child() }

    private func child() -> EncodingNode {
        let child = EncodingNode(parent: node, key: IndexKey(node.elements.count))
        node.appendPending(child)
        return child
    }
}

struct SingleValueWriter: SingleValueEncodingContainer {
    let node: EncodingNode

    var codingPath: [any CodingKey] { node.codingPath }

    mutating func encodeNil() throws { node.setSingle(.null) }
    mutating func encode(_ value: Bool) throws { node.setSingle(.bool(value)) }
    mutating func encode(_ value: String) throws { node.setSingle(.string(value)) }
    mutating func encode(_ value: Double) throws { node.setSingle(.double(value)) }
    mutating func encode(_ value: Float) throws { node.setSingle(floatValue(value)) }
    mutating func encode(_ value: Int) throws { node.setSingle(.int(value)) }
    mutating func encode(_ value: Int8) throws { node.setSingle(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { node.setSingle(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { node.setSingle(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { node.setSingle(integerValue(value)) }
    mutating func encode(_ value: UInt) throws { node.setSingle(integerValue(value)) }
    mutating func encode(_ value: UInt8) throws { node.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { node.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { node.setSingle(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { node.setSingle(integerValue(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        node.setSingle(try encodeStateValue(value, parent: node, key: nil))
    }
}
