/// The reusable state of the encoder: an arena of frames (values under construction),
/// what is known about value types and coding-key types, and the cached keyed containers.
///
/// A session is used by one thread at a time: `acquire()` takes it out of the pool and
/// `relinquish()` puts it back (see `EncodingSessionPool.swift`). A call that finds the pool
/// empty (a nested `StateValue(encoding:)` inside a `stateValue`, another thread) makes a new
/// session, which joins the pool afterwards.
///
/// Its storage lives behind a pointer so that the many small writes a state makes are
/// plain memory accesses, without the runtime exclusivity checks a class's stored
/// properties would get. No storage access is open while user code (`encode(to:)`,
/// `stateValue`) runs.
final class EncodingSession: @unchecked Sendable {
    // @unchecked Sendable: only the pool holds sessions across threads, and a session is
    // only ever used by the thread that took it out of the pool (see above).

    let storage: UnsafeMutablePointer<EncodingStorage>
    /// Whether keyed containers are kept for reuse (see `KeyedContainerCache.swift`): only
    /// where the layout check passed; tests turn it off to compare both ways.
    let cachesContainers: Bool

    init(cachesContainers: Bool = keyedContainerIsOneReference) {
        self.cachesContainers = cachesContainers
        storage = .allocate(capacity: 1)
        storage.initialize(to: EncodingStorage())
    }

    deinit {
        storage.pointee.dropCachedContainers()
        for entry in storage.pointee.keyTypes { entry.maker.release() }
        storage.pointee.frames.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }


    // MARK: Encoding values

    /// Encodes a whole value; afterwards no frame is left open, even after an error.
    func encodeRoot<T: Encodable>(_ value: T) throws -> StateValue {
        defer { storage.pointee.closeAllFrames() }
        return try encodeValue(value, parent: noFrame)
    }

    /// Encodes one value that has no key of its own (the root, a single-value container's)
    /// under the frame `parent`.
    func encodeValue<T: Encodable>(_ value: T, parent: Int) throws -> StateValue {
        if let simple = simpleValue(value) { return simple }
        return try encodeInNewFrame(value, frame: storage.pointee.openFrame(parent: parent))
    }

    /// Encodes one value found at the key `name` (of type `keyType`) under the frame `parent`.
    func encodeValue<T: Encodable>(_ value: T, parent: Int, keyType: any CodingKey.Type, name: String) throws -> StateValue {
        if let simple = simpleValue(value) { return simple }
        let frame = storage.pointee.openFrame(parent: parent)
        storage.pointee.setKey(frame, type: keyType, name: name)
        return try encodeInNewFrame(value, frame: frame)
    }

    /// Encodes one array element under the frame `parent`.
    func encodeValue<T: Encodable>(_ value: T, parent: Int, index: Int) throws -> StateValue {
        if let simple = simpleValue(value) { return simple }
        let frame = storage.pointee.openFrame(parent: parent)
        storage.pointee.setKey(frame, index: index)
        return try encodeInNewFrame(value, frame: frame)
    }

    /// The value of a leaf or of a `StateValueConvertible` value, without `encode(to:)`.
    @inline(__always)
    private func simpleValue<T: Encodable>(_ value: T) -> StateValue? {
        let (kind, index) = storage.pointee.valueKind(T.self)
        switch kind {
        case .encodable: return nil
        case .string: return .string(unsafeBitCast(value, to: String.self))
        case .int: return .int(unsafeBitCast(value, to: Int.self))
        case .bool: return .bool(unsafeBitCast(value, to: Bool.self))
        case .double: return .double(unsafeBitCast(value, to: Double.self))
        case .stateValue: return unsafeBitCast(value, to: StateValue.self)
        // Optional leaves, as their `encode(to:)` would give through a single-value container.
        case .optionalString: return unsafeBitCast(value, to: String?.self).map(StateValue.string) ?? .null
        case .optionalInt: return unsafeBitCast(value, to: Int?.self).map(StateValue.int) ?? .null
        case .optionalBool: return unsafeBitCast(value, to: Bool?.self).map(StateValue.bool) ?? .null
        case .optionalDouble: return unsafeBitCast(value, to: Double?.self).map(StateValue.double) ?? .null
        // Arrays of leaves, as their `encode(to:)` would give through an unkeyed container.
        case .stringArray: return .array(unsafeBitCast(value, to: [String].self).map(StateValue.string))
        case .intArray: return .array(unsafeBitCast(value, to: [Int].self).map(StateValue.int))
        case .convertible:
            guard let describe = storage.pointee.valueTypes[index].describe else { return nil }
            return withUnsafePointer(to: value) { describe.stateValue(at: UnsafeRawPointer($0)) }
        }
    }

    /// Runs `value.encode(to:)` on an encoder writing into `frame`, and finishes the frame.
    @inline(__always)
    private func encodeInNewFrame<T: Encodable>(_ value: T, frame: Int) throws -> StateValue {
        do {
            try value.encode(to: StateEncoder(session: self, frame: frame))
        } catch {
            storage.pointee.closeFrame(frame)
            throw error
        }
        return storage.pointee.finishFrame(frame)
    }

    // MARK: Keyed containers

    /// A keyed container writing into `frame`. Reuses a cached container of the coding-key
    /// type when one is free (only the cache holds it), else makes one.
    func keyedContainer<Key: CodingKey>(for frame: Int, keyedBy keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        let entry = storage.pointee.keyTypeEntry(Key.self) ?? storage.pointee.addKeyType(Key.self)
        storage.pointee.beginObject(frame, keyType: entry)
        if let (box, boxID) = storage.pointee.freeContainer(ofKeyType: entry) {
            storage.pointee.retarget(box: boxID, to: frame)
            // Borrowed, not loaded: a strong load of the maker or the box costs a retain and a release.
            return storage.pointee.keyTypes[entry].maker._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: KeyedContainerMaker<KeyedEncodingContainer<Key>>.self).container(from: box)
            }
        }
        guard cachesContainers,
              storage.pointee.keyTypes[entry].containers.count < EncodingStorage.containersPerKeyType else {
            return KeyedEncodingContainer(KeyedWriter<Key>(session: self, target: frame))
        }
        let boxID = storage.pointee.addBox(targeting: frame)
        let container = KeyedEncodingContainer(KeyedWriter<Key>(session: self, target: ~boxID))
        let box = Unmanaged.passRetained(unsafeBitCast(container, to: AnyObject.self))
        storage.pointee.keyTypes[entry].containers.append(CachedContainer(box: box, id: boxID))
        return container
    }

    /// The frame a writer's `target` designates: a frame id, or (negative) a cached container's box id.
    @inline(__always)
    func frame(of target: Int) -> Int {
        target >= 0 ? target : storage.pointee.boxTargets[~target]
    }
}

/// No frame: the parent of a root value, the target of a container whose frame is gone.
let noFrame = -1
