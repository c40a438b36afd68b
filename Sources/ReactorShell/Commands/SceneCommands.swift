/// The command tables of a scene, prepared for resolving one line after another: which reactor an
/// unprefixed line goes to, and the commands' names as bytes, so that the parser's fast path finds
/// a command from the line's bytes without making a string of its name.
///
/// A class: the per-line path reads it through one reference instead of copying (and retaining)
/// its arrays.
final class SceneCommands: Sendable {
    /// The tables, one a reactor, in the scene's order.
    let tables: [ReactorCommandTable]
    /// For each reactor, the index of the first one with its name: the reactor a line without a
    /// `REACTOR.` prefix goes to when that one has the focus (names are looked up first to last).
    let owners: [Int]
    /// The names of every table's commands, table after table, in declaration order.
    private let keys: [NameKey]
    /// For each reactor, where its commands' keys start in ``keys`` (one more entry: the end).
    private let keyStarts: [Int]
    /// For each reactor, whether all its commands' names are ASCII: a name that is not may equal an
    /// ASCII one as a `String` (canonical equivalence: `\u{212A}` is `K`), which bytes cannot tell.
    private let isASCII: [Bool]
    /// The bytes of the names longer than a key holds, one after the other.
    private let longNameBytes: [UInt8]

    /// A command's name as its length and first sixteen bytes (zero beyond its length).
    private struct NameKey: Sendable {
        var count: Int
        var head: UInt64
        var next: UInt64
        /// Where the bytes of a name longer than sixteen bytes are in ``longNameBytes``.
        var longStart: Int
        /// How many parameters the command has.
        var parameterCount: Int
    }

    /// An empty scene's.
    convenience init() {
        self.init([])
    }

    init(_ tables: [ReactorCommandTable]) {
        self.tables = tables
        let names = tables.map(\.name)
        owners = names.map { name in names.firstIndex(of: name)! }
        var keys: [NameKey] = []
        var starts: [Int] = []
        var long: [UInt8] = []
        for table in tables {
            starts.append(keys.count)
            for signature in table.signatures {
                let bytes = Array(signature.name.utf8)
                let (head, next) = bytes.withUnsafeBufferPointer { Self.words(of: $0, from: 0, to: $0.count) }
                keys.append(NameKey(
                    count: bytes.count, head: head, next: next, longStart: long.count, parameterCount: signature.parameters.count))
                if bytes.count > 16 { long += bytes }
            }
        }
        starts.append(keys.count)
        self.keys = keys
        self.keyStarts = starts
        self.isASCII = tables.map { table in table.signatures.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } } }
        self.longNameBytes = long
    }

    /// The first sixteen bytes of `bytes[start..<end]` as two words, zero beyond `end`.
    @inline(__always)
    private static func words(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (UInt64, UInt64) {
        (word(of: bytes, from: start, to: end), word(of: bytes, from: start + 8, to: end))
    }

    /// The bytes `bytes[start..<min(end, start + 8)]` as a word (little-endian, as loaded), zero
    /// beyond `end`: loaded at once when the buffer holds eight bytes from `start`.
    @inline(__always)
    private static func word(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        let length = end - start
        if length <= 0 { return 0 }
        guard start + 8 > bytes.count else {
            let loaded = UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self)
            return length >= 8 ? UInt64(littleEndian: loaded) : UInt64(littleEndian: loaded) & ((1 << UInt64(length &* 8)) &- 1)
        }
        var word: UInt64 = 0
        for index in 0..<length where index < 8 { word |= UInt64(bytes[start + index]) << UInt64(index &* 8) }
        return word
    }

    /// The reactor and command an unprefixed line naming `bytes[start..<end]` (ASCII) goes to when
    /// the reactor at `focus` has the focus, as ``ActionResolver`` would resolve it; nil when it
    /// names no command there, or when the bytes cannot tell (a table with names not in ASCII).
    func command(
        named bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, focus: Int
    ) -> (reactor: Int, command: Int, parameterCount: Int)? {
        guard focus < owners.count else { return nil }
        let reactor = owners[focus]
        guard isASCII[reactor] else { return nil }
        let first = keyStarts[reactor], last = keyStarts[reactor + 1]
        let count = end - start
        let (head, next) = Self.words(of: bytes, from: start, to: end)
        var index = first
        while index < last {
            let key = keys[index]
            if key.count == count, key.head == head, key.next == next, count <= 16 || matchesLongName(key, bytes, from: start) {
                return (reactor, index - first, key.parameterCount)
            }
            index += 1
        }
        return nil
    }

    private func matchesLongName(_ key: NameKey, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        for offset in 16..<key.count where longNameBytes[key.longStart + offset] != bytes[start + offset] { return false }
        return true
    }
}
