/// A state (or part of one) that lists its changes from an older version of itself without
/// encoding what did not change.
///
/// `diff(_:_:)` compares two encoded trees, so its caller pays for encoding the whole state
/// each time. A type whose storage is shared between versions (``ChunkedList``, or a struct
/// whose big fields are such types) can instead find the parts that differ by storage identity
/// or `==`, and encode only those. The changes must be what `diff` would report for the two
/// encodings, or an equally valid list (applied in order, they turn the old encoding into the
/// new one).
///
/// A struct adopts it by forwarding each field to ``appendChanges(from:to:at:into:)``:
///
/// ```swift
/// extension State: StateDiffable {
///     func appendChanges(from old: State, at path: StatePath, into changes: inout [StateChange]) throws {
///         try StateDiff.appendChanges(from: old.posts, to: posts, at: path.appending(key: "posts"), into: &changes)
///         try StateDiff.appendChanges(from: old.title, to: title, at: path.appending(key: "title"), into: &changes)
///     }
/// }
/// ```
public protocol StateDiffable: Encodable {
    /// Appends to `changes` the changes that turn `old` into `self`, with paths under `path`.
    func appendChanges(from old: Self, at path: StatePath, into changes: inout [StateChange]) throws
}

/// Appends the changes that turn `old` into `new` (paths under `path`) to `changes`: through
/// ``StateDiffable`` when the type adopts it; nothing when the type is `Equatable` and the values
/// are equal; otherwise by encoding both and diffing them. Throws what encoding throws.
public func appendChanges<Value: Encodable>(
    from old: Value, to new: Value, at path: StatePath, into changes: inout [StateChange]
) throws {
    if let diffable = new as? any StateDiffable {
        try appendDiffableChanges(from: old, to: diffable, at: path, into: &changes)
        return
    }
    if let equatable = new as? any Equatable, isEqual(equatable, old) { return }
    try appendEncodedChanges(from: StateValue(encoding: old), to: StateValue(encoding: new), at: path, into: &changes)
}

/// Appends `diff(old, new)` with every path put under `path`, and array indices at its first
/// step shifted by `indexOffset` (for a run of elements diffed apart from the rest of its array).
@usableFromInline
package func appendEncodedChanges(
    from old: StateValue, to new: StateValue, at path: StatePath, indexOffset: Int = 0,
    into changes: inout [StateChange]
) {
    let found = diff(old, new)
    if path.isRoot && indexOffset == 0 {
        changes.append(contentsOf: found)
        return
    }
    let prefix = path.components
    for var change in found {
        var components = change.path.components
        if indexOffset != 0, case .index(let index)? = components.first {
            components[0] = .index(index + indexOffset)
        }
        change.path = StatePath(prefix + components)
        changes.append(change)
    }
}

private func appendDiffableChanges<Old, New: StateDiffable>(
    from old: Old, to new: New, at path: StatePath, into changes: inout [StateChange]
) throws {
    try new.appendChanges(from: old as! New, at: path, into: &changes)
}

private func isEqual<New: Equatable, Old>(_ new: New, _ old: Old) -> Bool {
    new == (old as! New)
}
