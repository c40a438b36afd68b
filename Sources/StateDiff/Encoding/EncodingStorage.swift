/// Everything an encoding session keeps: the frames, the frame free list, what is known about
/// value and coding-key types, and a spare fields array.
struct EncodingStorage {
    var frames = FrameArena()
    /// The first free slot; free frames are linked through `nextFree`.
    var firstFree = -1
    var openFrameCount = 0
    var keyTypes: [KeyTypeEntry] = []
    var keyTypeIndex = TypeTable()
    var valueTypes: [ValueTypeInfo] = []
    var valueTypeIndex = TypeTable()
    /// An empty fields array with room, handed back by `StateValue.recycle(_:)` for the next object.
    var spareFields: [StateField] = []

    /// The largest capacity of a fields array that `StateValue.recycle(_:)` keeps.
    static var largestRecycledObject: Int { StateValue.largestRecycledObject }

    // MARK: Frames

    /// A frame id: the slot in the low 32 bits, the slot's generation above.
    private static func frameID(slot: Int, generation: UInt32) -> Int { slot | Int(generation) << 32 }

    /// The slot of `id` when it designates an open frame.
    func slot(of id: Int) -> Int? {
        guard id >= 0 else { return nil }
        let slot = id & 0xFFFF_FFFF
        guard slot < frames.count, frames[slot].generation == UInt32(truncatingIfNeeded: id >> 32) else { return nil }
        return slot
    }

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
    mutating func setKey(_ id: Int, type: any CodingKey.Type, name: String) {
        guard let slot = slot(of: id) else { return }
        frames[slot].keyKind = .named
        frames[slot].codingKeyType = type
        frames[slot].keyName = name
    }

    /// Sets the key of `id` to the array index `index`.
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
        case .single:
            frames[slot].single = .null
            // A frame written through a keyed or unkeyed container first may end as a single value:
            // what those wrote must not be left for the slot's next frame.
            fallthrough
        case .object, .array:
            if !frames[slot].fields.isEmpty { frames[slot].fields = [] }
            frames[slot].stale = 0
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
            dropStaleFields(slot)
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

    mutating func beginObject(_ id: Int, keyType: Int) {
        guard let slot = slot(of: id), frames[slot].kind != .object else { return }
        frames[slot].kind = .object
        frames[slot].keyType = keyType
        let expected = keyTypes[keyType].shape.count
        if frames[slot].fields.capacity < expected {
            if spareFields.capacity >= expected {
                // The frame's fields are empty here: the spare's fields become its stale ones.
                swap(&frames[slot].fields, &spareFields)
                frames[slot].stale = frames[slot].fields.count
            } else {
                frames[slot].fields.reserveCapacity(expected)
            }
        }
    }

    /// Keeps the fields array of a value no longer needed, `fields`, for the next object (unless
    /// the spare kept is larger); its fields are overwritten in place when that object is written.
    mutating func keepSpare(_ fields: inout [StateField]) {
        if spareFields.capacity < fields.capacity { swap(&spareFields, &fields) }
    }

    /// Drops the stale fields left from a recycled object (before any write that is not in order).
    mutating func dropStaleFields(_ slot: Int) {
        if frames[slot].stale > 0 { dropStaleFieldsSlowly(slot) }
    }

    private mutating func dropStaleFieldsSlowly(_ slot: Int) {
        frames[slot].fields.removeLast(frames[slot].stale)
        frames[slot].stale = 0
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
    mutating func set(_ id: Int, _ key: consuming String, _ value: consuming StateValue) {
        guard let slot = slot(of: id) else { return }
        // Fast path: the fields so far follow the key type's last field names, and so does
        // this one; then it cannot repeat an earlier key.
        let stale = frames[slot].stale
        let count = frames[slot].fields.count - stale
        let keyType = frames[slot].keyType
        if frames[slot].shapeMatched == count, keyType >= 0, count < keyTypes[keyType].shape.count,
           keyTypes[keyType].shape[count] == key {
            if stale == 0 {
                frames[slot].fields.append(StateField(key: consume key, value: consume value))
            } else if frames[slot].fields[count].key == key {
                // A recycled field of the same name (the usual case: the previous value of the
                // same type): only its value is replaced, without destroying and storing the key.
                frames[slot].fields[count].value = consume value
                frames[slot].stale = stale - 1
            } else {
                frames[slot].fields[count] = StateField(key: consume key, value: consume value)
                frames[slot].stale = stale - 1
            }
            frames[slot].shapeMatched = count + 1
            return
        }
        setSlowly(slot, key, value)
    }

    private mutating func setSlowly(_ slot: Int, _ key: consuming String, _ value: consuming StateValue) {
        dropStaleFields(slot)
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
        dropStaleFields(slot)
        if let index = existingIndex(of: key, in: slot) { frames[slot].pending.append((index, child)) }
    }

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
