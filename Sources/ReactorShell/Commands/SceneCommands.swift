/// The command tables of a scene, prepared for resolving one line after another: which reactor an
/// unprefixed line goes to, and the commands' names as bytes, so that the command an action line
/// names is found from the line's bytes without making a string of its name.
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
    /// For each reactor, where the keys an unprefixed line looks in when it has the focus start
    /// and end in ``keys``: the commands of the first reactor of its name; none when one of their
    /// names is not ASCII, as such a name may equal an ASCII one as a `String` (canonical
    /// equivalence: `\u{212A}` is `K`), which bytes cannot tell. Two arrays of `Int`, not one of
    /// `Range<Int>`, whose metadata costs a search of the conformances at start-up.
    private let focusStarts: [Int]
    private let focusEnds: [Int]
    /// The bytes of the names longer than a key holds, one after the other.
    private let longNameBytes: [UInt8]

    /// A command's name as its length and first sixteen bytes (zero beyond its length).
    private struct NameKey: Sendable {
        var count: Int
        var head: UInt64
        var next: UInt64
        /// Where the bytes of a name longer than sixteen bytes are in ``longNameBytes``.
        var longStart: Int
        /// True when the command takes no parameters.
        var takesNothing: Bool
    }

    /// An empty scene's.
    convenience init() {
        self.init([])
    }

    init(_ tables: [ReactorCommandTable]) {
        self.tables = tables
        let names = tables.map(\.name)
        let owners = names.map { name in names.firstIndex(of: name)! }
        self.owners = owners
        var keys: [NameKey] = []
        var starts: [Int] = []
        var long: [UInt8] = []
        for table in tables {
            starts.append(keys.count)
            for signature in table.signatures {
                let bytes = Array(signature.name.utf8)
                let (head, next) = withBytes(of: bytes) { Self.words(of: $0, from: 0, to: $0.count) }
                keys.append(NameKey(
                    count: bytes.count, head: head, next: next, longStart: long.count, takesNothing: signature.parameters.isEmpty))
                if bytes.count > 16 { long += bytes }
            }
        }
        starts.append(keys.count)
        self.keys = keys
        self.longNameBytes = long
        let isASCII = tables.map { table in table.signatures.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } } }
        self.focusStarts = owners.map { owner in starts[owner] }
        self.focusEnds = owners.map { owner in isASCII[owner] ? starts[owner + 1] : starts[owner] }
    }

    /// The first sixteen bytes of `bytes[start..<end]` as two words, zero beyond `end`.
    @inline(__always)
    private static func words(of bytes: LineBytes, from start: Int, to end: Int) -> (UInt64, UInt64) {
        (word(of: bytes, from: start, to: end), word(of: bytes, from: start + 8, to: end))
    }

    /// The bytes `bytes[start..<min(end, start + 8)]` as a word (little-endian, as loaded), zero
    /// beyond `end`: loaded at once when the buffer holds eight bytes from `start`.
    @inline(__always)
    private static func word(of bytes: LineBytes, from start: Int, to end: Int) -> UInt64 {
        let length = end - start
        if length <= 0 { return 0 }
        guard start + 8 > bytes.count else {
            let loaded = bytes.word(at: start)
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
        named bytes: LineBytes, from start: Int, to end: Int, focus: Int
    ) -> (reactor: Int, command: Int, takesNothing: Bool)? {
        guard focus < focusStarts.count else { return nil }
        let first = focusStarts[focus], last = focusEnds[focus]
        let count = end - start
        let head = Self.word(of: bytes, from: start, to: end)
        // The second word only when a name of this length has one.
        let next = count > 8 ? Self.word(of: bytes, from: start + 8, to: end) : 0
        var index = first
        while index < last {
            let key = keys[index]
            if key.head == head, key.count == count, key.next == next, count <= 16 || matchesLongName(key, bytes, from: start) {
                return (owners[focus], index - first, key.takesNothing)
            }
            index += 1
        }
        return nil
    }

    private func matchesLongName(_ key: NameKey, _ bytes: LineBytes, from start: Int) -> Bool {
        for offset in 16..<key.count where longNameBytes[key.longStart + offset] != bytes[start + offset] { return false }
        return true
    }
}

/// An action line resolved to a reactor and command of the scene, with its arguments bound.
struct BoundAction {
    /// The index of the reactor in the scene.
    var reactor: Int
    /// The index of the command in the reactor's table.
    var command: Int
    /// The bound arguments.
    var arguments: CommandArguments
}

extension SceneCommands {
    /// Resolves the action line `action` (parsed from the line `bytes`, read from `origin`) against
    /// the scene, the reactor at `focus` having the focus, and binds its `arguments` to the
    /// command: what ``ActionResolver`` and ``CommandSignature/bind(_:)`` give for the line's
    /// ``ActionInvocation``, which is made only for a `REACTOR.` prefix or a name not found.
    func bind(
        _ action: ActionLineSyntax, in bytes: LineBytes, arguments: [ParsedArgument], origin: LineOrigin, focus: Int
    ) throws(Diagnostic) -> BoundAction {
        let reactor: Int, command: Int
        if action.reactor == nil,
           let found = self.command(named: bytes, from: action.name.lowerBound, to: action.name.upperBound, focus: focus) {
            // Nothing to bind (what `bind` would find), known without reading the signature.
            if found.takesNothing && arguments.isEmpty {
                return BoundAction(reactor: found.reactor, command: found.command, arguments: CommandArguments([]))
            }
            (reactor, command) = (found.reactor, found.command)
        } else {
            (reactor, command) = try ActionResolver.resolveIndices(
                action.invocation(bytes, origin: origin, arguments: arguments), focus: focus, in: self)
        }
        let bound = try tables[reactor].signatures[command].bind(arguments, origin: origin, endColumn: action.endColumn)
        return BoundAction(reactor: reactor, command: command, arguments: bound)
    }
}
