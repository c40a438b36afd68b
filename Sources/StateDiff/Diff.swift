/// The changes that turn `old` into `new`, in an order that can be applied one by one.
///
/// Cost follows the size of the change, not of the state: arrays and objects that share
/// storage are skipped without looking inside, equal leaves cost one comparison, and
/// arrays are compared by trimming their common prefix and suffix and running a bounded
/// Myers sequence diff on what is left. Array elements that are objects with an `id`
/// field are matched by that id, so an element changed in place shows as changes inside
/// it and an insertion in the middle as one insert. When the middle of an array differs
/// too much for the bound (a reversal of 10,000 elements, say), it degrades to replacing
/// elements position by position — still correct, never slow.
///
/// Within one array the changes come as: removals (old indices, last first), insertions
/// (new indices, first first), then changes inside kept elements (new indices).
/// Objects whose shared keys keep their order and whose new keys come last are compared
/// key by key (removed keys, changed keys, added keys); otherwise the object is replaced.
public func diff(_ old: StateValue, _ new: StateValue) -> [StateChange] {
    var differ = Differ()
    differ.compare(old, new)
    return differ.changes
}

/// Walks two values side by side, collecting changes; keeps the current path as a stack.
struct Differ {
    var changes: [StateChange] = []
    var path: [StatePath.Component] = []

    /// Largest edit distance the sequence diff explores before degrading to replacements.
    static let editDistanceCap = 512
    /// Most elementary steps the sequence diff may take for one array before degrading.
    static let workBudget = 2_000_000

    mutating func compare(_ old: StateValue, _ new: StateValue) {
        switch (old, new) {
        case let (.object(oldFields), .object(newFields)):
            if !sharesStorage(oldFields, newFields) { compareObjects(oldFields, newFields, old: old, new: new) }
        case let (.array(oldElements), .array(newElements)):
            if !sharesStorage(oldElements, newElements) { compareArrays(oldElements, newElements) }
        default:
            if old != new { emit(.replace(currentPath(), old: old, new: new)) }
        }
    }

    /// The current path as a value of its own (a copy, so the stack stays uniquely owned).
    func currentPath() -> StatePath {
        StatePath(Array(unsafeUninitializedCapacity: path.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: path)
        })
    }

    /// The current path extended by `component`, leaving the stack untouched.
    func currentPath(appending component: StatePath.Component) -> StatePath {
        StatePath(Array(unsafeUninitializedCapacity: path.count + 1) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: path)
            (buffer.baseAddress! + initialized).initialize(to: component)
            initialized += 1
        })
    }

    mutating func emit(_ change: StateChange) { changes.append(change) }

    // MARK: Objects

    mutating func compareObjects(_ oldFields: [StateField], _ newFields: [StateField], old: StateValue, new: StateValue) {
        if oldFields.count == newFields.count && sameKeys(oldFields, newFields) {
            for index in oldFields.indices {
                path.append(.key(oldFields[index].key))
                compare(oldFields[index].value, newFields[index].value)
                path.removeLast()
            }
            return
        }
        var newIndexByKey: [String: Int] = [:]
        newIndexByKey.reserveCapacity(newFields.count)
        for (index, field) in newFields.enumerated() { newIndexByKey[field.key] = index }
        // Patches add keys at the end: the shared keys must keep their order and come first.
        var keptCount = 0
        for field in oldFields {
            guard let newIndex = newIndexByKey[field.key] else { continue }
            guard newIndex == keptCount else {
                emit(.replace(currentPath(), old: old, new: new))
                return
            }
            keptCount += 1
        }
        for field in oldFields where newIndexByKey[field.key] == nil {
            emit(.remove(currentPath(appending: .key(field.key)), field.value))
        }
        var oldIndexByKey: [String: Int] = [:]
        for (index, field) in oldFields.enumerated() { oldIndexByKey[field.key] = index }
        for field in newFields.prefix(keptCount) {
            path.append(.key(field.key))
            compare(oldFields[oldIndexByKey[field.key]!].value, field.value)
            path.removeLast()
        }
        for field in newFields.dropFirst(keptCount) {
            emit(.insert(currentPath(appending: .key(field.key)), field.value))
        }
    }

    private func sameKeys(_ oldFields: [StateField], _ newFields: [StateField]) -> Bool {
        for index in oldFields.indices where oldFields[index].key != newFields[index].key { return false }
        return true
    }

    // MARK: Arrays

    mutating func compareArrays(_ old: [StateValue], _ new: [StateValue]) {
        let (prefix, suffix) = commonEnds(old, new)
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)

        if oldMiddle.isEmpty && newMiddle.isEmpty { return }
        if oldMiddle.isEmpty {
            for index in newMiddle { emit(.insert(currentPath(appending: .index(index)), new[index])) }
            return
        }
        if newMiddle.isEmpty {
            for index in oldMiddle.reversed() { emit(.remove(currentPath(appending: .index(index)), old[index])) }
            return
        }
        if oldMiddle.count == 1 && newMiddle.count == 1 {
            let oldElement = old[prefix], newElement = new[prefix]
            if elementIdentity(oldElement) == elementIdentity(newElement) || (identifier(of: oldElement) == nil && identifier(of: newElement) == nil) {
                path.append(.index(prefix))
                compare(oldElement, newElement)
                path.removeLast()
            } else {
                emit(.remove(currentPath(appending: .index(prefix)), oldElement))
                emit(.insert(currentPath(appending: .index(prefix)), newElement))
            }
            return
        }
        let alignment = SequenceAlignment(old: old[oldMiddle], new: new[newMiddle], editDistanceCap: Differ.editDistanceCap, workBudget: Differ.workBudget)
        if let pairs = alignment.matchedPairs() {
            emitAligned(old, new, oldMiddle: oldMiddle, newMiddle: newMiddle, matches: pairs)
        } else {
            emitPositionalReplacement(old, new, oldMiddle: oldMiddle, newMiddle: newMiddle)
        }
    }

    /// Emits the changes for a middle whose matching elements are known (indices relative to the middles).
    private mutating func emitAligned(_ old: [StateValue], _ new: [StateValue], oldMiddle: Range<Int>, newMiddle: Range<Int>, matches: [(old: Int, new: Int)]) {
        var pairs: [(old: Int, new: Int)] = []
        var oldMatched = [Bool](repeating: false, count: oldMiddle.count)
        var newMatched = [Bool](repeating: false, count: newMiddle.count)
        // Between two matches, elements without an id are paired position by position:
        // `["a", "b", "c"]` → `["a", "x", "c"]` is `[1]: "b" → "x"`, not a removal and an insertion.
        var previousOld = 0, previousNew = 0
        for match in matches + [(old: oldMiddle.count, new: newMiddle.count)] {
            var oldIndex = previousOld, newIndex = previousNew
            while oldIndex < match.old && newIndex < match.new {
                let oldElement = old[oldMiddle.lowerBound + oldIndex], newElement = new[newMiddle.lowerBound + newIndex]
                if identifier(of: oldElement) == nil && identifier(of: newElement) == nil {
                    pairs.append((oldIndex, newIndex))
                    oldMatched[oldIndex] = true
                    newMatched[newIndex] = true
                }
                oldIndex += 1
                newIndex += 1
            }
            if match.old < oldMiddle.count {
                pairs.append(match)
                oldMatched[match.old] = true
                newMatched[match.new] = true
            }
            previousOld = match.old + 1
            previousNew = match.new + 1
        }
        for index in oldMatched.indices.reversed() where !oldMatched[index] {
            let position = oldMiddle.lowerBound + index
            emit(.remove(currentPath(appending: .index(position)), old[position]))
        }
        for index in newMatched.indices where !newMatched[index] {
            let position = newMiddle.lowerBound + index
            emit(.insert(currentPath(appending: .index(position)), new[position]))
        }
        pairs.sort { $0.new < $1.new }
        for pair in pairs {
            let newPosition = newMiddle.lowerBound + pair.new
            path.append(.index(newPosition))
            compare(old[oldMiddle.lowerBound + pair.old], new[newPosition])
            path.removeLast()
        }
    }

    /// The degraded case: the middle is replaced element by element, the rest removed or inserted.
    private mutating func emitPositionalReplacement(_ old: [StateValue], _ new: [StateValue], oldMiddle: Range<Int>, newMiddle: Range<Int>) {
        let paired = min(oldMiddle.count, newMiddle.count)
        let start = oldMiddle.lowerBound
        for position in ((start + paired)..<oldMiddle.upperBound).reversed() {
            emit(.remove(currentPath(appending: .index(position)), old[position]))
        }
        for position in (start + paired)..<newMiddle.upperBound {
            emit(.insert(currentPath(appending: .index(position)), new[position]))
        }
        for position in start..<(start + paired) where old[position] != new[position] {
            emit(.replace(currentPath(appending: .index(position)), old: old[position], new: new[position]))
        }
    }
}

/// The lengths of the longest common prefix and (not overlapping it) suffix of two arrays.
///
/// Elements with identical bits (same scalar, same string or array storage) are equal
/// without a call to `==`, which keeps a long unchanged run at a few nanoseconds per element.
func commonEnds(_ old: [StateValue], _ new: [StateValue]) -> (prefix: Int, suffix: Int) {
    old.withUnsafeBufferPointer { oldBuffer in
        new.withUnsafeBufferPointer { newBuffer in
            let common = min(oldBuffer.count, newBuffer.count)
            guard common > 0, let oldBase = oldBuffer.baseAddress, let newBase = newBuffer.baseAddress else { return (0, 0) }
            func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
                identicalBits(oldBase + oldIndex, newBase + newIndex) || oldBase[oldIndex] == newBase[newIndex]
            }
            var prefix = 0
            while prefix < common && same(prefix, prefix) { prefix += 1 }
            var suffix = 0
            while suffix < common - prefix && same(oldBuffer.count - 1 - suffix, newBuffer.count - 1 - suffix) { suffix += 1 }
            return (prefix, suffix)
        }
    }
}

/// True when two values have the same bytes, which implies they are equal (the converse
/// does not hold: equal strings may live in different storage).
@inline(__always)
func identicalBits(_ lhs: UnsafePointer<StateValue>, _ rhs: UnsafePointer<StateValue>) -> Bool {
    let left = UnsafeRawPointer(lhs), right = UnsafeRawPointer(rhs)
    let size = MemoryLayout<StateValue>.size
    var offset = 0
    while offset + 8 <= size {
        if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
        offset += 8
    }
    while offset < size {
        if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) { return false }
        offset += 1
    }
    return true
}

/// True when two arrays are the same storage (or both empty): equal without looking inside.
@inline(__always)
func sharesStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.isEmpty { return true }
    return lhs.withUnsafeBufferPointer { left in
        rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
    }
}

/// The `id` field of an object element, which identifies it across edits.
@inline(__always)
func identifier(of element: StateValue) -> StateValue? {
    guard case .object(let fields) = element else { return nil }
    for field in fields where field.key == "id" { return field.value }
    return nil
}

/// What makes two array elements "the same element": the id when there is one, else the whole value.
enum ElementIdentity: Hashable {
    case id(StateValue)
    case value(StateValue)
}

@inline(__always)
func elementIdentity(_ element: StateValue) -> ElementIdentity {
    if let id = identifier(of: element) { return .id(id) }
    return .value(element)
}
