/// A type that writes itself as a `StateValue` object, field by field, without an `Encoder`.
///
/// For a reactor's state that the shell describes after every reduction, this is the cheap
/// path: `encode(to:)` costs a keyed container and a trip through the standard library's
/// container box for every field, where ``writeFields(to:)`` stores each field directly, and
/// in the storage of the value the shell described last time (handed back with
/// `StateValue.recycle(_:)`), so that a state of the same shape allocates nothing.
///
/// Write what encoding would give, so that the shell shows, diffs and queries the same thing
/// either way: the fields in declaration order, under their coding keys, each key once, `nil`
/// as `.null`:
///
/// ```swift
/// struct Score: Encodable, StateObjectWritable {
///     var home = 0, away = 0
///     func writeFields(to object: inout StateObjectWriter) {
///         object.write("home", home)
///         object.write("away", away)
///     }
/// }
/// ```
///
/// It refines `StateValueConvertible`: ``StateValueConvertible/stateValue`` (provided) runs the writer, so a
/// conforming value nested anywhere in an `Encodable` state is described the same way.
public protocol StateObjectWritable: StateValueConvertible {
    /// Writes this value's fields into `object`, in order, each key once.
    func writeFields(to object: inout StateObjectWriter)
}

extension StateObjectWritable {
    /// The object ``writeFields(to:)`` writes, built in recycled storage when there is some.
    @inlinable
    public var stateValue: StateValue {
        var object = StateObjectWriter(reusingSpareStorage: ())
        writeFields(to: &object)
        return object.finish()
    }
}

/// Collects the fields of one object for ``StateObjectWritable/writeFields(to:)``.
///
/// It starts from the fields of a value the shell no longer needs, when there is one: a field
/// written under the key it already has there only has its value replaced (a state of the
/// same type writes the same keys in the same order), and fields left over are dropped.
public struct StateObjectWriter {
    @usableFromInline var fields: [StateField]
    /// How many fields were written; `fields` beyond it are left from the recycled value.
    @usableFromInline var written = 0

    /// A writer that starts from the encoder's spare fields array (see `StateValue.recycle(_:)`).
    @usableFromInline
    init(reusingSpareStorage: Void) {
        fields = EncodingSession.takeSpareFields()
    }

    /// A writer that starts from `storage`, taken (left empty).
    @inlinable
    init(taking storage: inout [StateField]) {
        fields = []
        swap(&fields, &storage)
    }

    // The writes are always inlined into the state's `writeFields`, where a field's key is a
    // literal and its value a stored property: called instead, each field costs a call, and a
    // random scoreboard line about 43 instructions more, a counter line about 195 (measured with
    // Benchmarks/instructions-per-line.py). Tuning, not unsafe code: pinned by
    // StateObjectWriterTests and RecycledFieldsTests like any other path.

    /// Writes `value` under `key`.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: consuming StateValue) {
        if written < fields.count {
            // Equal keys of the same literal compare by their bits, without reading the bytes.
            if fields[written].key == key {
                fields[written].value = consume value
            } else {
                fields[written] = StateField(key, consume value)
            }
        } else {
            fields.append(StateField(key, consume value))
        }
        written += 1
    }

    /// Writes an integer.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: Int) { write(key, .int(value)) }

    /// Writes a Boolean.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: Bool) { write(key, .bool(value)) }

    /// Writes a double.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: Double) { write(key, .double(value)) }

    /// Writes a string.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: String) { write(key, .string(value)) }

    /// Writes an optional integer (`nil` as `.null`, as encoding keeps it).
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: Int?) { write(key, value.map(StateValue.int) ?? .null) }

    /// Writes an optional Boolean (`nil` as `.null`).
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: Bool?) { write(key, value.map(StateValue.bool) ?? .null) }

    /// Writes an optional double (`nil` as `.null`).
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: Double?) { write(key, value.map(StateValue.double) ?? .null) }

    /// Writes an optional string (`nil` as `.null`).
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: String?) { write(key, value.map(StateValue.string) ?? .null) }

    /// Writes an array of strings.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ values: [String]) { write(key, .array(values.map(StateValue.string))) }

    /// Writes an array of integers.
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ values: [Int]) { write(key, .array(values.map(StateValue.int))) }

    /// Writes a value that describes itself (a nested ``StateObjectWritable``, a `Pulse`).
    @inlinable @inline(__always)
    public mutating func write(_ key: String, _ value: some StateValueConvertible) { write(key, value.stateValue) }

    /// The object written: the fields left over from the recycled value are dropped.
    @inlinable
    mutating func finish() -> StateValue {
        if written < fields.count { fields.removeLast(fields.count - written) }
        assert(hasDistinctKeys(fields), "StateObjectWritable: a key was written twice")
        return .object(fields)
    }
}

extension StateValue {
    /// The object `value` writes, built over `storage`: the fields array of a value no longer
    /// needed that the caller keeps itself (see ``recycle(_:into:)``), taken and left empty.
    ///
    /// For a caller that describes one state after every change and drops the previous value:
    /// without a shared spare to take out and put back (`StateValue.recycle(_:)` keeps one in the
    /// encoder's pool, behind an atomic exchange each way), the array goes straight from the old
    /// value to the new. ``StateValueConvertible/stateValue`` gives the same value.
    @inlinable
    public init(writing value: some StateObjectWritable, over storage: inout [StateField]) {
        var object = StateObjectWriter(taking: &storage)
        value.writeFields(to: &object)
        self = object.finish()
    }

    /// Keeps the fields array of `value`, an object no longer needed, in `storage` for
    /// ``init(writing:over:)`` (unless `storage` holds a larger one, or the array is too large
    /// to be worth keeping); anything else is simply released.
    @inlinable
    public static func recycle(_ value: consuming StateValue, into storage: inout [StateField]) {
        guard case .object(var fields) = consume value, fields.capacity > storage.capacity,
              fields.capacity <= largestRecycledObject else { return }
        swap(&storage, &fields)
    }

    /// The largest capacity of a fields array that is worth keeping for the next object.
    @inlinable
    static var largestRecycledObject: Int { 64 }
}

/// True when no two fields share a key (checked in debug builds: a state writes each key once).
@usableFromInline
func hasDistinctKeys(_ fields: [StateField]) -> Bool {
    Set(fields.map(\.key)).count == fields.count
}
