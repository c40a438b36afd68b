/// The reusable state of the encoder: an arena of frames (values under construction),
/// what is known about value types and coding-key types.
///
/// A session is used by one thread at a time: `acquire()` takes it out of the pool and
/// `relinquish()` puts it back (see ValueMemory.swift). A call that finds the pool
/// empty (a nested `StateValue(encoding:)` inside a `stateValue`, another thread) makes a new
/// session, which joins the pool afterwards.
///
/// Its storage lives in memory of its own (`InPlaceValue`, ValueMemory.swift) so that the many
/// small writes a state makes are plain memory accesses, without the runtime exclusivity checks a
/// class's stored properties would get. No storage access is open while user code
/// (`encode(to:)`, `stateValue`) runs.
final class EncodingSession: @unchecked Sendable {
    // @unchecked Sendable: only the pool holds sessions across threads, and a session is
    // only ever used by the thread that took it out of the pool (see above).

    private let storageCell = InPlaceValue(EncodingStorage())

    /// The storage, read and written in place.
    var storage: EncodingStorage {
        _read { yield storageCell.value }
        _modify { yield &storageCell.value }
    }

    deinit {
        storage.frames.deallocate()
    }


    // MARK: Encoding values

    /// Encodes a whole value; afterwards no frame is left open, even after an error.
    func encodeRoot<T: Encodable>(_ value: T) throws -> StateValue {
        defer { storage.closeAllFrames() }
        return try encodeValue(value, parent: noFrame)
    }

    /// Encodes one value that has no key of its own (the root, a single-value container's)
    /// under the frame `parent`.
    func encodeValue<T: Encodable>(_ value: T, parent: Int) throws -> StateValue {
        if let simple = simpleValue(value) { return simple }
        return try encodeInNewFrame(value, frame: storage.openFrame(parent: parent))
    }

    /// Encodes one value found at the key `name` (of type `keyType`) under the frame `parent`.
    func encodeValue<T: Encodable>(_ value: T, parent: Int, keyType: any CodingKey.Type, name: String) throws -> StateValue {
        if let simple = simpleValue(value) { return simple }
        let frame = storage.openFrame(parent: parent)
        storage.setKey(frame, type: keyType, name: name)
        return try encodeInNewFrame(value, frame: frame)
    }

    /// Encodes one array element under the frame `parent`.
    func encodeValue<T: Encodable>(_ value: T, parent: Int, index: Int) throws -> StateValue {
        if let simple = simpleValue(value) { return simple }
        let frame = storage.openFrame(parent: parent)
        storage.setKey(frame, index: index)
        return try encodeInNewFrame(value, frame: frame)
    }

    /// The value of a leaf or of a `StateValueConvertible` value, without `encode(to:)`.
    private func simpleValue<T: Encodable>(_ value: T) -> StateValue? {
        let (kind, index) = storage.valueKind(T.self)
        switch kind {
        case .encodable: return nil
        case .string: return .string((value as! String))
        case .int: return .int((value as! Int))
        case .bool: return .bool((value as! Bool))
        case .double: return .double((value as! Double))
        case .stateValue: return (value as! StateValue)
        // Optional leaves, as their `encode(to:)` would give through a single-value container.
        case .optionalString: return (value as! String?).map(StateValue.string) ?? .null
        case .optionalInt: return (value as! Int?).map(StateValue.int) ?? .null
        case .optionalBool: return (value as! Bool?).map(StateValue.bool) ?? .null
        case .optionalDouble: return (value as! Double?).map(StateValue.double) ?? .null
        // Arrays of leaves, as their `encode(to:)` would give through an unkeyed container.
        case .stringArray: return .array((value as! [String]).map(StateValue.string))
        case .intArray: return .array((value as! [Int]).map(StateValue.int))
        case .convertible:
            guard let describe = storage.valueTypes[index].describe else { return nil }
            return describe.stateValue(of: value)
        }
    }

    /// Runs `value.encode(to:)` on an encoder writing into `frame`, and finishes the frame.
    private func encodeInNewFrame<T: Encodable>(_ value: T, frame: Int) throws -> StateValue {
        do {
            try value.encode(to: StateEncoder(session: self, frame: frame))
        } catch {
            storage.closeFrame(frame)
            throw error
        }
        return storage.finishFrame(frame)
    }

    // MARK: Keyed containers

    /// A keyed container writing into `frame` (a new one each time: the standard library
    /// boxes it, one allocation an object).
    func keyedContainer<Key: CodingKey>(for frame: Int, keyedBy keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        let entry = storage.keyTypeEntry(Key.self) ?? storage.addKeyType(Key.self)
        storage.beginObject(frame, keyType: entry)
        return KeyedEncodingContainer(KeyedWriter<Key>(session: self, target: frame))
    }
}

/// No frame: the parent of a root value, the target of a container whose frame is gone.
let noFrame = -1
