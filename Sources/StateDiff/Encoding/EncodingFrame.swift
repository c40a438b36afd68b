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
    /// Kept to 31 bits, so that frame ids stay positive.
    var generation: UInt32 = 0
    var isOpen = false
    var kind = FrameKind.empty
    var single = StateValue.null
    var fields: [StateField] = []
    /// How many fields at the end of `fields` are left from a recycled object, to be overwritten
    /// in place by the fields written next in the same order (or dropped).
    var stale = 0
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
