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
        self = try EncodingSession.withSession { try $0.encodeRoot(value) }
    }

    /// Gives the storage of a value that is no longer needed back to the encoder, which builds
    /// the next object it encodes in it instead of allocating (for a caller that encodes a state
    /// after every change and drops the previous value: the fields array of the one goes to the
    /// next). Only a small object's array is kept; anything else is simply released. The fields
    /// are kept as they are and overwritten in place by the next object's (an object of the same
    /// type writes the same keys in the same order: only the values are replaced).
    public static func recycle(_ value: consuming StateValue) {
        guard case .object(var fields) = consume value,
              fields.capacity > 0, fields.capacity <= EncodingStorage.largestRecycledObject else { return }
        EncodingSession.withSession { $0.storage.keepSpare(&fields) }
    }
}

extension EncodingSession {
    /// The spare fields array `StateValue.recycle(_:)` kept (empty when there is none), taken out
    /// of the pool's session for a `StateObjectWriter` to write over.
    static func takeSpareFields() -> [StateField] {
        var fields: [StateField] = []
        withSession { swap(&fields, &$0.storage.spareFields) }
        return fields
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
