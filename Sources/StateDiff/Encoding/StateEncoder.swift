// The encoder handed to a value's `encode(to:)` and the three container kinds it hands
// out. All of them are a session and a target: every write lands directly in the
// session's frame for the value; only nested containers and super-encoders are resolved
// when that frame finishes.

/// Converts an unsigned or wide integer to `.int`, or to `.double` when it does not fit.
func integerValue<I: BinaryInteger>(_ value: I) -> StateValue {
    if let exact = Int(exactly: value) { return .int(exact) }
    return .double(Double(value))
}

/// A `Float` as the `Double` with the same shortest decimal form (`0.1`, not `0.10000000149011612`).
func floatValue(_ value: Float) -> StateValue {
    guard value.isFinite else { return .double(Double(value)) }
    return .double(Double(value.description) ?? Double(value))
}

/// The `Encoder` of one value: writes into the session's frame `frame`. Two words, so passing
/// it as `any Encoder` allocates nothing.
struct StateEncoder: Encoder {
    let session: EncodingSession
    let frame: Int

    init(session: EncodingSession, frame: Int) {
        self.session = session
        self.frame = frame
    }

    var codingPath: [any CodingKey] {
        session.storage.codingPath(frame)
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        session.keyedContainer(for: frame, keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        session.storage.beginArray(frame)
        return UnkeyedWriter(session: session, frame: frame)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueWriter(session: session, frame: frame)
    }
}

/// A keyed container writing into the frame `target`.
struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let session: EncodingSession
    let target: Int

    var codingPath: [any CodingKey] { session.storage.codingPath(target) }

    private func set(_ key: Key, _ value: StateValue) {
        session.storage.set(target, key.stringValue, value)
    }

    mutating func encodeNil(forKey key: Key) throws { set(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, .double(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, floatValue(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(key, .int(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(key, .int(Int(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(key, .int(Int(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(key, .int(Int(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, integerValue(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(key, integerValue(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(key, .int(Int(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(key, .int(Int(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(key, .int(Int(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(key, integerValue(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let frame = target
        let name = key.stringValue
        let encoded = try session.encodeValue(value, parent: frame, keyType: Key.self, name: name)
        session.storage.set(frame, name, encoded)
    }

    // Optionals are kept as `.null` instead of being left out.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(key, value.map(StateValue.bool) ?? .null) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(key, value.map(StateValue.string) ?? .null) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(key, value.map(StateValue.double) ?? .null) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { set(key, value.map(floatValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(key, value.map(StateValue.int) ?? .null) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { set(key, value.map(integerValue) ?? .null) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return set(key, .null) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        session.keyedContainer(for: child(key.stringValue, Key.self), keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        StateEncoder(session: session, frame: child(key.stringValue, Key.self)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        StateEncoder(session: session, frame: child("super", FieldKey.self))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        StateEncoder(session: session, frame: child(key.stringValue, Key.self))
    }

    /// A new frame whose value `name` (a key of type `keyType`) will hold when this
    /// container's frame finishes.
    private func child(_ name: String, _ keyType: any CodingKey.Type) -> Int {
        let frame = target
        guard session.storage.slot(of: frame) != nil else { return noFrame }
        let child = session.storage.openFrame(parent: frame)
        session.storage.setKey(child, type: keyType, name: name)
        session.storage.setPending(frame, name, child: child)
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

/// An unkeyed container of the frame `frame`.
struct UnkeyedWriter: UnkeyedEncodingContainer {
    let session: EncodingSession
    let frame: Int

    init(session: EncodingSession, frame: Int) {
        self.session = session
        self.frame = frame
    }

    /// The session, for one use.
    private func withSession<R>(_ body: (EncodingSession) throws -> R) rethrows -> R {
        try body(session)
    }

    var codingPath: [any CodingKey] { session.storage.codingPath(frame) }
    var count: Int { session.storage.elementCount(frame) }

    private func append(_ value: StateValue) {
        session.storage.append(frame, value)
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.double(value)) }
    mutating func encode(_ value: Float) throws { append(floatValue(value)) }
    mutating func encode(_ value: Int) throws { append(.int(value)) }
    mutating func encode(_ value: Int8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { append(integerValue(value)) }
    mutating func encode(_ value: UInt) throws { append(integerValue(value)) }
    mutating func encode(_ value: UInt8) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { append(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { append(integerValue(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        append(try withSession { try $0.encodeValue(value, parent: frame, index: index) })
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = child()
        return withSession { $0.keyedContainer(for: child, keyedBy: keyType) }
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = child()
        return withSession { StateEncoder(session: $0, frame: child) }.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = child()
        return withSession { StateEncoder(session: $0, frame: child) }
    }

    /// A new frame whose value the next element will be when this container's frame finishes.
    private func child() -> Int {
        guard session.storage.slot(of: frame) != nil else { return noFrame }
        let child = session.storage.openFrame(parent: frame)
        session.storage.setKey(child, index: count)
        session.storage.appendPending(frame, child: child)
        return child
    }
}

/// A single-value container of the frame `frame`.
struct SingleValueWriter: SingleValueEncodingContainer {
    let session: EncodingSession
    let frame: Int

    init(session: EncodingSession, frame: Int) {
        self.session = session
        self.frame = frame
    }

    /// The session, for one use.
    private func withSession<R>(_ body: (EncodingSession) throws -> R) rethrows -> R {
        try body(session)
    }

    var codingPath: [any CodingKey] { session.storage.codingPath(frame) }

    private func set(_ value: StateValue) {
        session.storage.setSingle(frame, value)
    }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(.double(value)) }
    mutating func encode(_ value: Float) throws { set(floatValue(value)) }
    mutating func encode(_ value: Int) throws { set(.int(value)) }
    mutating func encode(_ value: Int8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int32) throws { set(.int(Int(value))) }
    mutating func encode(_ value: Int64) throws { set(integerValue(value)) }
    mutating func encode(_ value: UInt) throws { set(integerValue(value)) }
    mutating func encode(_ value: UInt8) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt16) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt32) throws { set(.int(Int(value))) }
    mutating func encode(_ value: UInt64) throws { set(integerValue(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try withSession { try $0.encodeValue(value, parent: frame) })
    }
}

// MARK: - Probes

/// Containers that write nothing: used to find the dictionaries' key type.
struct ProbeKeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ProbeKeyedWriter<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { ProbeUnkeyedWriter() }
    mutating func superEncoder() -> any Encoder { ProbeEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ProbeEncoder() }
}

struct ProbeUnkeyedWriter: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(ProbeKeyedWriter<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { ProbeUnkeyedWriter() }
    mutating func superEncoder() -> any Encoder { ProbeEncoder() }
}

struct ProbeSingleWriter: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
}

struct ProbeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ProbeKeyedWriter<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { ProbeUnkeyedWriter() }
    func singleValueContainer() -> any SingleValueEncodingContainer { ProbeSingleWriter() }
}
