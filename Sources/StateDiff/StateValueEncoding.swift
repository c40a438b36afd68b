import Synchronization

extension StateValue {
    /// Builds the value model of `value` with a dedicated `Encoder`.
    ///
    /// Fields keep their declaration order; optionals that are `nil` become `.null`
    /// (they are not left out); enums with associated values read as
    /// `{"setRepos": {"_0": [...], "nextPage": 2}}`; dictionaries with `String` or `Int`
    /// keys are listed in sorted key order so equal dictionaries give equal values;
    /// any value conforming to `StateValueConvertible` is replaced by its `stateValue`.
    /// Throws only what the value's own `encode(to:)` throws.
    ///
    /// The encoder keeps what it learns about each type between calls (which types are
    /// `StateValueConvertible`, the keyed containers of each coding-key type, the field names
    /// a type wrote last time), so encoding a state of the same type again costs little more
    /// than the calls its `encode(to:)` makes. A container handed to `encode(to:)` is valid
    /// until that call returns, as with any encoder; writes through it afterwards are ignored.
    public init(encoding value: some Encodable) throws {
        let session = EncodingSession.acquire()
        defer { EncodingSession.relinquish(session) }
        self = try session._withUnsafeGuaranteedRef { try $0.encodeRoot(value) }
    }

    /// Gives the storage of a value that is no longer needed back to the encoder, which builds
    /// the next object it encodes in it instead of allocating (for a caller that encodes a state
    /// after every change and drops the previous value: the fields array of the one goes to the
    /// next). Only a small object's array is kept; anything else is simply released.
    public static func recycle(_ value: consuming StateValue) {
        guard case .object(var fields) = consume value,
              fields.capacity > 0, fields.capacity <= EncodingStorage.largestRecycledObject else { return }
        emptyKeepingCapacity(&fields)
        let session = EncodingSession.acquire()
        session._withUnsafeGuaranteedRef { $0.storage.pointee.keepSpare(&fields) }
        EncodingSession.relinquish(session)
    }
}

/// Empties `array`, keeping its storage. A few elements are removed one by one: each removal
/// destroys its element with code specialized for the type, where `removeAll(keepingCapacity:)`
/// goes through the runtime's generic array destruction.
@inlinable
package func emptyKeepingCapacity<Element>(_ array: inout [Element]) {
    if array.count <= 8 {
        while !array.isEmpty { array.removeLast() }
    } else {
        array.removeAll(keepingCapacity: true)
    }
}

// MARK: - Sessions

/// The reusable state of the encoder: an arena of frames (values under construction),
/// what is known about value types and coding-key types, and the cached keyed containers.
///
/// A session is used by one thread at a time: `acquire()` takes it out of the pool (two
/// slots taken with an atomic exchange, then a locked list of spares) and `relinquish()`
/// puts it back. A call that finds the pool empty (a nested `StateValue(encoding:)` inside
/// a `stateValue`, another thread) makes a new session, which joins the pool afterwards:
/// sessions are kept for good (with what they learned), so there are at most as many as
/// there were encodings under way at once.
///
/// Its storage lives behind a pointer so that the many small writes a state makes are
/// plain memory accesses, without the runtime exclusivity checks a class's stored
/// properties would get. No storage access is open while user code (`encode(to:)`,
/// `stateValue`) runs.
final class EncodingSession: @unchecked Sendable {
    // @unchecked Sendable: only the pool holds sessions across threads, and a session is
    // only ever used by the thread that took it out of the pool (see above).

    let storage: UnsafeMutablePointer<EncodingStorage>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: EncodingStorage())
    }

    deinit {
        storage.pointee.dropCachedContainers()
        storage.pointee.frames.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    // The pool owns one retain of each session it holds; `acquire()` hands that retain to
    // the caller and `relinquish(_:)` gives it back.
    private static let firstSlot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private static let secondSlot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private static let spares = Mutex<[Unmanaged<EncodingSession>]>([])

    /// A session for the calling thread's exclusive use until `relinquish(_:)`.
    static func acquire() -> Unmanaged<EncodingSession> {
        if let session = firstSlot.exchange(nil, ordering: .acquiring) { return session }
        if let session = secondSlot.exchange(nil, ordering: .acquiring) { return session }
        if let session = spares.withLock({ $0.popLast() }) { return session }
        return Unmanaged.passRetained(EncodingSession())
    }

    /// Returns a session to the pool.
    static func relinquish(_ session: Unmanaged<EncodingSession>) {
        if firstSlot.compareExchange(expected: nil, desired: session, ordering: .releasing).exchanged { return }
        if secondSlot.compareExchange(expected: nil, desired: session, ordering: .releasing).exchanged { return }
        spares.withLock { $0.append(session) }
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
            let maker = storage.pointee.keyTypes[entry].maker
            return unsafeDowncast(maker, to: KeyedContainerMaker<KeyedEncodingContainer<Key>>.self).container(from: box)
        }
        guard keyedContainerIsOneReference,
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

// MARK: - Storage

/// The kind of a frame's value, as far as it was written.
enum FrameKind: UInt8 {
    case empty, single, object, array
}

/// What kind of key a frame has in its parent.
enum FrameKeyKind: UInt8 {
    case none, named, index
}

/// A value under construction: what an `Encoder` handed to one `encode(to:)` collects.
struct EncodingFrame {
    /// Bumped each time the frame is closed: a frame id of an older generation is stale.
    /// Kept to 31 bits, so that frame ids stay positive (negative targets are box ids).
    var generation: UInt32 = 0
    var isOpen = false
    var kind = FrameKind.empty
    var single = StateValue.null
    var fields: [StateField] = []
    var elements: [StateValue] = []
    /// Nested containers and super-encoders: their values are filled in when the frame finishes.
    var pending: [(index: Int, frame: Int)] = []
    /// The entry of the coding-key type of the first keyed container, or -1.
    var keyType = -1
    /// How many fields were written in the order of the key type's last known field names
    /// (so none of them can repeat an earlier one), or -1 once a write did not follow it.
    var shapeMatched = 0
    /// Field positions by key, built for big objects only.
    var indexByKey: [String: Int]?
    var parent = noFrame
    /// The frame's key in its parent, for `codingPath`: kept as the key's type and string
    /// (an existential key would cost several value-witness calls per frame) and made
    /// again with `init?(stringValue:)` when asked for; or an array index.
    var keyKind = FrameKeyKind.none
    var codingKeyType: (any CodingKey.Type)?
    var keyName = ""
    var keyIndex = 0
    /// The next free slot while the frame is free, or -1.
    var nextFree = -1
}

/// A keyed container kept for reuse, as its box (the one reference `KeyedEncodingContainer`
/// holds), retained once by the cache.
struct CachedContainer {
    var box: Unmanaged<AnyObject>
    let id: Int
}

/// What the encoder knows about one coding-key type.
struct KeyTypeEntry {
    /// Makes `KeyedEncodingContainer<Key>`s from cached boxes.
    let maker: AnyKeyedContainerMaker
    /// The key type the standard library's `Dictionary` encodes with: its objects get sorted.
    let isDictionary: Bool
    /// The field names of the last object written with these keys, all different.
    var shape: [String] = []
    var containers: [CachedContainer] = []
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

/// The frames of a session, in memory of their own: a frame is read and written in place,
/// without the uniqueness checks of an array.
struct FrameArena {
    private var base: UnsafeMutablePointer<EncodingFrame>
    private(set) var count = 0
    private var capacity = 8

    init() {
        base = .allocate(capacity: capacity)
    }

    /// Frees the frames (the arena is not used afterwards).
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    subscript(slot: Int) -> EncodingFrame {
        @inline(__always) unsafeAddress { UnsafePointer(base + slot) }
        @inline(__always) unsafeMutableAddress { base + slot }
    }

    mutating func append(_ frame: EncodingFrame) {
        if count == capacity {
            let larger = UnsafeMutablePointer<EncodingFrame>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: frame)
        count += 1
    }
}

struct EncodingStorage {
    var frames = FrameArena()
    /// The first free slot; free frames are linked through `nextFree`.
    var firstFree = -1
    var openFrameCount = 0
    /// The frame each cached container writes into, by box id.
    var boxTargets: [Int] = []
    var keyTypes: [KeyTypeEntry] = []
    var keyTypeIndex = TypeTable()
    var valueTypes: [ValueTypeInfo] = []
    var valueTypeIndex = TypeTable()
    /// An empty fields array with room, handed back by `StateValue.recycle(_:)` for the next object.
    var spareFields: [StateField] = []

    /// The largest capacity of a fields array that `StateValue.recycle(_:)` keeps.
    static let largestRecycledObject = 64

    /// Most cached containers per coding-key type (more are needed only when values of one
    /// type nest inside each other).
    static let containersPerKeyType = 4

    // MARK: Frames

    /// A frame id: the slot in the low 32 bits, the slot's generation above.
    @inline(__always)
    private static func frameID(slot: Int, generation: UInt32) -> Int { slot | Int(generation) << 32 }

    /// The slot of `id` when it designates an open frame.
    @inline(__always)
    func slot(of id: Int) -> Int? {
        guard id >= 0 else { return nil }
        let slot = id & 0xFFFF_FFFF
        guard slot < frames.count, frames[slot].generation == UInt32(truncatingIfNeeded: id >> 32) else { return nil }
        return slot
    }

    @inline(__always)
    mutating func openFrame(parent: Int) -> Int {
        let slot: Int
        if firstFree >= 0 {
            slot = firstFree
            firstFree = frames[slot].nextFree
        } else {
            slot = frames.count
            frames.append(EncodingFrame())
        }
        frames[slot].parent = parent
        frames[slot].isOpen = true
        openFrameCount += 1
        return Self.frameID(slot: slot, generation: frames[slot].generation)
    }

    /// Sets the key of `id` (its last step in `codingPath`): the key of type `type` named `name`.
    @inline(__always)
    mutating func setKey(_ id: Int, type: any CodingKey.Type, name: String) {
        guard let slot = slot(of: id) else { return }
        frames[slot].keyKind = .named
        frames[slot].codingKeyType = type
        frames[slot].keyName = name
    }

    /// Sets the key of `id` to the array index `index`.
    @inline(__always)
    mutating func setKey(_ id: Int, index: Int) {
        guard let slot = slot(of: id) else { return }
        frames[slot].keyKind = .index
        frames[slot].keyIndex = index
    }

    /// Closes `id` and the frames pending in it without building a value.
    mutating func closeFrame(_ id: Int) {
        guard let slot = slot(of: id) else { return }
        let pending = frames[slot].pending
        release(slot)
        for child in pending { closeFrame(child.frame) }
    }

    /// Closes every frame (after an error, frames of values that threw may be left open).
    mutating func closeAllFrames() {
        guard openFrameCount > 0 else { return }
        for slot in frames.indices where frames[slot].isOpen { release(slot) }
    }

    private mutating func release(_ slot: Int) {
        frames[slot].generation = (frames[slot].generation &+ 1) & 0x7FFF_FFFF
        frames[slot].isOpen = false
        switch frames[slot].kind {
        case .empty: break
        case .single: frames[slot].single = .null
        case .object, .array:
            if !frames[slot].fields.isEmpty { frames[slot].fields = [] }
            if !frames[slot].elements.isEmpty { frames[slot].elements = [] }
            if !frames[slot].pending.isEmpty { frames[slot].pending.removeAll(keepingCapacity: true) }
            if frames[slot].indexByKey != nil { frames[slot].indexByKey = nil }
        }
        frames[slot].kind = .empty
        frames[slot].keyType = -1
        frames[slot].shapeMatched = 0
        if frames[slot].keyKind == .named { frames[slot].keyName = "" }
        frames[slot].keyKind = .none
        frames[slot].nextFree = firstFree
        firstFree = slot
        openFrameCount -= 1
    }

    /// The value written into `id` (and its pending frames); closes them. A frame that
    /// was written nothing is an empty object.
    mutating func finishFrame(_ id: Int) -> StateValue {
        guard let slot = slot(of: id) else { return .null }
        let result: StateValue
        switch frames[slot].kind {
        case .empty:
            result = .object([])
        case .single:
            result = frames[slot].single
        case .array:
            var elements: [StateValue] = []
            swap(&elements, &frames[slot].elements)
            if !frames[slot].pending.isEmpty {
                let pending = frames[slot].pending
                for child in pending { elements[child.index] = finishFrame(child.frame) }
            }
            result = .array(elements)
        case .object:
            var fields: [StateField] = []
            swap(&fields, &frames[slot].fields)
            if !frames[slot].pending.isEmpty {
                let pending = frames[slot].pending
                for child in pending { fields[child.index].value = finishFrame(child.frame) }
            }
            let keyType = frames[slot].keyType
            if keyType >= 0 {
                if keyTypes[keyType].isDictionary {
                    sortDictionaryKeys(&fields)
                } else if frames[slot].shapeMatched != fields.count && fields.count > 1 {
                    keyTypes[keyType].shape = fields.map(\.key)
                }
            }
            result = .object(fields)
        }
        release(slot)
        return result
    }

    // MARK: Writing

    @inline(__always)
    mutating func beginObject(_ id: Int, keyType: Int) {
        guard let slot = slot(of: id), frames[slot].kind != .object else { return }
        frames[slot].kind = .object
        frames[slot].keyType = keyType
        let expected = keyTypes[keyType].shape.count
        if frames[slot].fields.capacity < expected {
            if spareFields.capacity >= expected {
                swap(&frames[slot].fields, &spareFields)
            } else {
                frames[slot].fields.reserveCapacity(expected)
            }
        }
    }

    /// Keeps the empty array `fields` for the next object (unless the spare kept is larger).
    mutating func keepSpare(_ fields: inout [StateField]) {
        if spareFields.capacity < fields.capacity { swap(&spareFields, &fields) }
    }

    mutating func beginArray(_ id: Int) {
        guard let slot = slot(of: id) else { return }
        frames[slot].kind = .array
    }

    mutating func setSingle(_ id: Int, _ value: consuming StateValue) {
        guard let slot = slot(of: id) else { return }
        frames[slot].kind = .single
        frames[slot].single = value
    }

    /// Sets `key` to `value`; a key written twice keeps its first position and its last value.
    @inline(__always)
    mutating func set(_ id: Int, _ key: consuming String, _ value: consuming StateValue) {
        guard let slot = slot(of: id) else { return }
        // Fast path: the fields so far follow the key type's last field names, and so does
        // this one; then it cannot repeat an earlier key.
        let count = frames[slot].fields.count
        let keyType = frames[slot].keyType
        if frames[slot].shapeMatched == count, keyType >= 0, count < keyTypes[keyType].shape.count,
           keyTypes[keyType].shape[count] == key {
            frames[slot].fields.append(StateField(key: consume key, value: consume value))
            frames[slot].shapeMatched = count + 1
            return
        }
        setSlowly(slot, key, value)
    }

    private mutating func setSlowly(_ slot: Int, _ key: consuming String, _ value: consuming StateValue) {
        frames[slot].shapeMatched = -1
        if let index = existingIndex(of: key, in: slot) {
            frames[slot].fields[index].value = value
            if !frames[slot].pending.isEmpty {
                for child in frames[slot].pending where child.index == index { closeFrame(child.frame) }
                frames[slot].pending.removeAll { $0.index == index }
            }
        } else {
            if frames[slot].indexByKey != nil { frames[slot].indexByKey![copy key] = frames[slot].fields.count }
            frames[slot].fields.append(StateField(key: key, value: value))
        }
    }

    private mutating func existingIndex(of key: String, in slot: Int) -> Int? {
        let count = frames[slot].fields.count
        if count < 16 {
            for index in 0..<count where frames[slot].fields[index].key == key { return index }
            return nil
        }
        if frames[slot].indexByKey == nil {
            var index: [String: Int] = [:]
            for (position, field) in frames[slot].fields.enumerated() { index[field.key] = position }
            frames[slot].indexByKey = index
        }
        return frames[slot].indexByKey?[key]
    }

    /// Reserves `key` in `id` for the value the frame `child` will produce when `id` finishes.
    mutating func setPending(_ id: Int, _ key: String, child: Int) {
        guard let slot = slot(of: id) else { return closeFrame(child) }
        set(id, key, .null)
        if let index = existingIndex(of: key, in: slot) { frames[slot].pending.append((index, child)) }
    }

    @inline(__always)
    mutating func append(_ id: Int, _ value: consuming StateValue) {
        guard let slot = slot(of: id) else { return }
        frames[slot].elements.append(value)
    }

    /// Appends a placeholder element for the value that the frame `child` will produce.
    mutating func appendPending(_ id: Int, child: Int) {
        guard let slot = slot(of: id) else { return closeFrame(child) }
        frames[slot].pending.append((frames[slot].elements.count, child))
        frames[slot].elements.append(.null)
    }

    func elementCount(_ id: Int) -> Int {
        guard let slot = slot(of: id) else { return 0 }
        return frames[slot].elements.count
    }

    /// The coding path of frame `id` (empty once it is closed).
    func codingPath(_ id: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = id
        while let slot = slot(of: current) {
            switch frames[slot].keyKind {
            case .none: break
            case .named:
                let name = frames[slot].keyName
                path.append(frames[slot].codingKeyType?.init(stringValue: name) ?? FieldKey(stringValue: name))
            case .index: path.append(IndexKey(frames[slot].keyIndex))
            }
            current = frames[slot].parent
        }
        return path.reversed()
    }

    // MARK: Types

    /// How values of `type` are encoded (found out on first sight), and the type's entry.
    @inline(__always)
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

    @inline(__always)
    func keyTypeEntry<Key: CodingKey>(_ type: Key.Type) -> Int? {
        keyTypeIndex.find(ObjectIdentifier(type))
    }

    mutating func addKeyType<Key: CodingKey>(_ type: Key.Type) -> Int {
        let entry = KeyTypeEntry(
            maker: KeyedContainerMaker<KeyedEncodingContainer<Key>>(),
            isDictionary: ObjectIdentifier(type) == dictionaryCodingKeyType)
        keyTypeIndex.insert(ObjectIdentifier(type), keyTypes.count)
        keyTypes.append(entry)
        return keyTypes.count - 1
    }

    // MARK: Cached containers

    /// A cached container of key type `entry` that nobody else holds, and its box id.
    @inline(__always)
    mutating func freeContainer(ofKeyType entry: Int) -> (AnyObject, Int)? {
        for index in keyTypes[entry].containers.indices where isOnlyReference(&keyTypes[entry].containers[index].box) {
            return (keyTypes[entry].containers[index].box.takeUnretainedValue(), keyTypes[entry].containers[index].id)
        }
        return nil
    }

    mutating func addBox(targeting frame: Int) -> Int {
        boxTargets.append(frame)
        return boxTargets.count - 1
    }

    @inline(__always)
    mutating func retarget(box: Int, to frame: Int) {
        boxTargets[box] = frame
    }

    /// Forgets the cached containers (they refer to the session, which could not be freed).
    mutating func dropCachedContainers() {
        for index in keyTypes.indices {
            for container in keyTypes[index].containers { container.box.release() }
            keyTypes[index].containers = []
        }
    }
}

/// Sorts a dictionary's entries: numerically when every key is an integer, else by key.
private func sortDictionaryKeys(_ fields: inout [StateField]) {
    let numbers = fields.map { Int($0.key) }
    if numbers.allSatisfy({ $0 != nil }) {
        fields = zip(numbers, fields).sorted { $0.0! < $1.0! }.map(\.1)
    } else {
        fields.sort { $0.key < $1.key }
    }
}

// MARK: - Type tables

/// A small open-addressing map from a type's identity to an index: a lookup is a multiply,
/// a shift and a compare or two, cheaper than hashing into a `Dictionary`.
struct TypeTable {
    private var keys: [UInt] = []
    private var values: [Int32] = []
    private var count = 0
    private var shift = 64

    @inline(__always)
    private func home(_ bits: UInt) -> Int {
        Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    @inline(__always)
    func find(_ id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let bits = UInt(bitPattern: id)
        let mask = keys.count - 1
        var position = home(bits)
        while true {
            let key = keys[position]
            if key == bits { return Int(values[position]) }
            if key == 0 { return nil }
            position = (position + 1) & mask
        }
    }

    mutating func insert(_ id: ObjectIdentifier, _ value: Int) {
        insert(bits: UInt(bitPattern: id), value)
    }

    private mutating func insert(bits: UInt, _ value: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var position = home(bits)
        while keys[position] != 0 && keys[position] != bits { position = (position + 1) & mask }
        if keys[position] == 0 { count += 1 }
        keys[position] = bits
        values[position] = Int32(value)
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(16, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        for (position, key) in oldKeys.enumerated() where key != 0 {
            insert(bits: key, Int(oldValues[position]))
        }
    }
}

// MARK: - Type-specific helpers

/// Calls `stateValue` on a value of a type known to conform to `StateValueConvertible`.
class AnyStateValueDescriber {
    func stateValue(at value: UnsafeRawPointer) -> StateValue { .null }
}

final class StateValueDescriber<Value: StateValueConvertible>: AnyStateValueDescriber {
    override func stateValue(at value: UnsafeRawPointer) -> StateValue {
        value.assumingMemoryBound(to: Value.self).pointee.stateValue
    }
}

/// A describer for `type` when it conforms to `StateValueConvertible` (asked once per type).
func makeStateValueDescriber<T>(for type: T.Type) -> AnyStateValueDescriber? {
    guard let convertible = type as? any StateValueConvertible.Type else { return nil }
    return makeDescriber(convertible)
}

private func makeDescriber<Value: StateValueConvertible>(_ type: Value.Type) -> AnyStateValueDescriber {
    StateValueDescriber<Value>()
}

/// Turns a cached box back into the `KeyedEncodingContainer<Key>` it came from.
class AnyKeyedContainerMaker {}

final class KeyedContainerMaker<Container>: AnyKeyedContainerMaker {
    /// The container whose box is `box` (the container's only stored property). Not inlined:
    /// here the container type's metadata comes with `self`, in the caller it would be
    /// looked up.
    @inline(never)
    func container(from box: AnyObject) -> Container {
        unsafeBitCast(box, to: Container.self)
    }
}

/// True when a `KeyedEncodingContainer` is exactly one strong reference to its box, so
/// that a box can be kept and turned back into a container, and the box's reference
/// count tells whether anyone still holds a container. Checked once, by watching a token
/// that only the probe container's box holds; when it does not hold, containers are made
/// afresh each time.
let keyedContainerIsOneReference: Bool = {
    typealias Probe = KeyedEncodingContainer<FieldKey>
    guard MemoryLayout<Probe>.size == MemoryLayout<AnyObject>.size,
          MemoryLayout<Probe>.alignment == MemoryLayout<AnyObject>.alignment,
          MemoryLayout<Probe>.stride == MemoryLayout<AnyObject>.stride else { return false }
    var token = ProbeToken()
    var box: Unmanaged<AnyObject>
    do {
        let container = Probe(ProbeKeyedWriter<FieldKey>(token: token))
        box = Unmanaged.passRetained(unsafeBitCast(container, to: AnyObject.self))
        withExtendedLifetime(container) {}
    }
    // The container is gone; the retained word must keep its box (and so the token) alive,
    // be the box's only reference, and count a copy made from it.
    guard !isKnownUniquelyReferenced(&token), isOnlyReference(&box) else { return false }
    func isSharedWhileCopied() -> Bool {
        let copy = unsafeBitCast(box.takeUnretainedValue(), to: Probe.self)
        return withExtendedLifetime(copy) { !isOnlyReference(&box) }
    }
    guard isSharedWhileCopied(), isOnlyReference(&box) else { return false }
    // Releasing the word frees the box, which lets go of the token.
    box.release()
    return isKnownUniquelyReferenced(&token)
}()

/// What the probe container's writer holds, to see when the container's box goes away.
final class ProbeToken {}

/// True when the one retain `box` was made with is the only strong reference to its object.
///
/// The reference is kept unmanaged because `isKnownUniquelyReferenced` on an `AnyObject`
/// may look at a temporary copy (and answer false); an unmanaged reference is a plain
/// word, so the check reads the object's own count.
@inline(__always)
func isOnlyReference(_ box: inout Unmanaged<AnyObject>) -> Bool {
    _isUnique_native(&box)
}

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
