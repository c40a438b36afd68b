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

/// Appends the changes that turn `old` into `new` (the same list as ``diff(_:_:)``) to `changes`.
///
/// For a caller that diffs again and again: emptied with `emptyKeepingCapacity(_:)`
/// between calls, one array serves every diff without being allocated and freed each time.
public func diff(_ old: StateValue, _ new: StateValue, appendingTo changes: inout [StateChange]) {
    // The list moves into the differ and back: still uniquely referenced, it grows in place.
    var differ = Differ(changes: consume changes)
    differ.compare(old, new)
    changes = (consume differ).changes
}

/// Walks two values side by side, collecting changes; keeps the current path as a stack.
struct Differ {
    var changes: [StateChange] = []
    var path: [StatePath.Component] = []

    /// Largest edit distance the sequence diff explores before degrading to replacements.
    static let editDistanceCap = 512
    /// Most elementary steps the sequence diff may take for one array before degrading.
    static let workBudget = 2_000_000
    /// Objects with at most this many fields are matched by key without a dictionary.
    static let linearKeySearchLimit = 16

    mutating func compare(_ old: StateValue, _ new: StateValue) {
        switch old {
        case .object(let oldFields):
            guard case .object(let newFields) = new else { return emitReplace(currentPath(), old: old, new: new) }
            if sharesStorage(oldFields, newFields) { return }
            // The common case: the same keys in the same order, compared position by position.
            let changesBefore = changes.count
            if oldFields.count == newFields.count && compareFieldsWithSameKeys(oldFields.span, newFields.span) { return }
            // A key differs: what was found before it is found again, by key.
            if changes.count > changesBefore { changes.removeSubrange(changesBefore...) }
            compareObjectsByKey(oldFields, newFields, old: old, new: new)
        case .array(let oldElements):
            guard case .array(let newElements) = new else { return emitReplace(currentPath(), old: old, new: new) }
            if !sharesStorage(oldElements, newElements) { compareArrays(oldElements, newElements) }
        default:
            if !leafEquals(old, new) { emitReplace(currentPath(), old: old, new: new) }
        }
    }

    /// Compares the values of the field `key`: a leaf directly (no push on the path stack),
    /// a container by descending into it.
    mutating func compareField(_ key: String, _ old: StateValue, _ new: StateValue) {
        switch old {
        case .object, .array:
            path.append(.key(key))
            compare(old, new)
            path.removeLast()
        default:
            if !leafEquals(old, new) { emitReplace(currentPath(appending: .key(key)), old: old, new: new) }
        }
    }

    /// The current path as a value of its own (a copy, so the stack stays uniquely owned).
    func currentPath() -> StatePath {
        StatePath(Array(path))
    }

    /// The current path extended by `component` (moved in, not copied), leaving the stack untouched.
    func currentPath(appending component: consuming StatePath.Component) -> StatePath {
        if path.isEmpty { return StatePath(component) }
        var components: [StatePath.Component] = []
        components.reserveCapacity(path.count + 1)
        components.append(contentsOf: path)
        components.append(component)
        return StatePath(components)
    }

    // The emitters take their values `consuming`: a caller's copy (out of an array, say) moves
    // into the change instead of being copied once more.
    mutating func emitReplace(_ path: consuming StatePath, old: consuming StateValue, new: consuming StateValue) {
        emit(StateChange(storedPath: path, storedKind: .replace, storedOldValue: old, storedNewValue: new))
    }

    mutating func emitInsert(_ path: consuming StatePath, _ value: consuming StateValue) {
        emit(StateChange(storedPath: path, storedKind: .insert, storedOldValue: nil, storedNewValue: value))
    }

    mutating func emitRemove(_ path: consuming StatePath, _ value: consuming StateValue) {
        emit(StateChange(storedPath: path, storedKind: .remove, storedOldValue: value, storedNewValue: nil))
    }

    /// Appends `change` (moved in, not copied); the first one makes room for a few.
    mutating func emit(_ change: consuming StateChange) {
        if changes.capacity == 0 { changes.reserveCapacity(4) }
        changes.append(change)
    }

    // MARK: Objects

    /// Objects whose keys differ (see ``compareObjectsByKey(_:_:old:new:index:)``), their keys
    /// found by a linear search in small objects, through dictionaries in large ones.
    mutating func compareObjectsByKey(_ oldFields: [StateField], _ newFields: [StateField], old: StateValue, new: StateValue) {
        if oldFields.count <= Self.linearKeySearchLimit && newFields.count <= Self.linearKeySearchLimit {
            compareObjectsByKey(oldFields, newFields, old: old, new: new) { fields, key in
                fields.firstIndex { $0.key == key }
            }
        } else {
            var oldIndexByKey: [String: Int] = [:], newIndexByKey: [String: Int] = [:]
            oldIndexByKey.reserveCapacity(oldFields.count)
            newIndexByKey.reserveCapacity(newFields.count)
            for (index, field) in oldFields.enumerated() { oldIndexByKey[field.key] = index }
            for (index, field) in newFields.enumerated() { newIndexByKey[field.key] = index }
            compareObjectsByKey(oldFields, newFields, old: old, new: new) { fields, key in
                (fields == oldFields ? oldIndexByKey : newIndexByKey)[key]
            }
        }
    }

    /// Objects whose keys differ: removed keys, then changed keys, then added keys; or the
    /// whole object replaced when the shared keys changed order (patches add keys at the
    /// end, so the shared keys must keep their order and come first).
    private mutating func compareObjectsByKey(
        _ oldFields: [StateField], _ newFields: [StateField], old: StateValue, new: StateValue,
        index: ([StateField], String) -> Int?
    ) {
        var keptCount = 0
        for field in oldFields {
            guard let newIndex = index(newFields, field.key) else { continue }
            guard newIndex == keptCount else {
                emitReplace(currentPath(), old: old, new: new)
                return
            }
            keptCount += 1
        }
        for field in oldFields where index(newFields, field.key) == nil {
            emitRemove(currentPath(appending: .key(field.key)), field.value)
        }
        for field in newFields.prefix(keptCount) {
            compareField(field.key, oldFields[index(oldFields, field.key)!].value, field.value)
        }
        for field in newFields.dropFirst(keptCount) {
            emitInsert(currentPath(appending: .key(field.key)), field.value)
        }
    }

    /// Compares two objects' fields position by position while their keys are the same; false,
    /// leaving what it found so far in ``changes``, at the first position where they are not.
    private mutating func compareFieldsWithSameKeys(_ oldFields: Span<StateField>, _ newFields: Span<StateField>) -> Bool {
        for index in oldFields.indices {
            guard oldFields[index].key == newFields[index].key else { return false }
            // Same bits (an unchanged number or flag, the same storage): equal, decided without
            // copying either value out of its array.
            if identicalBits(oldFields[index].value, newFields[index].value) { continue }
            switch oldFields[index].value {
            case .object, .array:
                path.append(.key(oldFields[index].key))
                compare(oldFields[index].value, newFields[index].value)
                path.removeLast()
            default:
                // A leaf is compared in place; only a changed one is copied, into its change.
                if !leafEquals(oldFields[index].value, newFields[index].value) {
                    emitReplace(
                        currentPath(appending: .key(oldFields[index].key)), old: oldFields[index].value,
                        new: newFields[index].value)
                }
            }
        }
        return true
    }

    // MARK: Arrays

    mutating func compareArrays(_ old: [StateValue], _ new: [StateValue]) {
        let (prefix, suffix) = commonEnds(old, new)
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)

        if oldMiddle.isEmpty && newMiddle.isEmpty { return }
        if oldMiddle.isEmpty {
            for index in newMiddle { emitInsert(currentPath(appending: .index(index)), new[index]) }
            return
        }
        if newMiddle.isEmpty {
            for index in oldMiddle.reversed() { emitRemove(currentPath(appending: .index(index)), old[index]) }
            return
        }
        if oldMiddle.count == 1 && newMiddle.count == 1 {
            let oldElement = old[prefix], newElement = new[prefix]
            if elementIdentity(oldElement) == elementIdentity(newElement) || (identifier(of: oldElement) == nil && identifier(of: newElement) == nil) {
                path.append(.index(prefix))
                compare(oldElement, newElement)
                path.removeLast()
            } else {
                emitRemove(currentPath(appending: .index(prefix)), oldElement)
                emitInsert(currentPath(appending: .index(prefix)), newElement)
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
            emitRemove(currentPath(appending: .index(position)), old[position])
        }
        for index in newMatched.indices where !newMatched[index] {
            let position = newMiddle.lowerBound + index
            emitInsert(currentPath(appending: .index(position)), new[position])
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
            emitRemove(currentPath(appending: .index(position)), old[position])
        }
        for position in (start + paired)..<newMiddle.upperBound {
            emitInsert(currentPath(appending: .index(position)), new[position])
        }
        for position in start..<(start + paired) where old[position] != new[position] {
            emitReplace(currentPath(appending: .index(position)), old: old[position], new: new[position])
        }
    }
}

/// The lengths of the longest common prefix and (not overlapping it) suffix of two arrays.
///
/// Elements with identical bits (same scalar, same string or array storage) are equal
/// without a call to `==`, which keeps a long unchanged run at a few nanoseconds per element.
func commonEnds(_ old: [StateValue], _ new: [StateValue]) -> (prefix: Int, suffix: Int) {
    let old = old.span, new = new.span
    let common = min(old.count, new.count)
    var prefix = 0
    while prefix < common && (identicalBits(old[prefix], new[prefix]) || old[prefix] == new[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix {
        let oldIndex = old.count - 1 - suffix, newIndex = new.count - 1 - suffix
        guard identicalBits(old[oldIndex], new[newIndex]) || old[oldIndex] == new[newIndex] else { break }
        suffix += 1
    }
    return (prefix, suffix)
}

/// Equality of two values of which `old` is not a container (as `==`, with a shortcut for
/// identical bits: the same scalar, or the same string storage).
func leafEquals(_ old: StateValue, _ new: StateValue) -> Bool {
    switch old {
    case .null: if case .null = new { return true } else { return false }
    case .bool(let a): if case .bool(let b) = new { return a == b } else { return false }
    case .int(let a): if case .int(let b) = new { return a == b } else { return false }
    default: return old == new
    }
}

/// True when two arrays are the same storage (or both empty): equal without looking inside.
@inlinable
func sharesStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.isEmpty { return true }
    return lhs.span.isIdentical(to: rhs.span)
}

/// The `id` field of an object element, which identifies it across edits.
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

func elementIdentity(_ element: StateValue) -> ElementIdentity {
    if let id = identifier(of: element) { return .id(id) }
    return .value(element)
}
