#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of input as read from a file descriptor.
enum InputLine: Equatable {
    /// A line of text (without its line break), with its 1-based number.
    case text(String, number: Int)
    /// A line that is not valid UTF-8.
    case invalidUTF8(number: Int)
    /// A line holding a NUL byte: the input is binary, not text.
    case binary(number: Int)
    /// A read error (`errno`'s message), after the lines read before it.
    case readError(String, number: Int)
    /// A line longer than the reader's limit: reported, and skipped up to its line break.
    case tooLong(number: Int)
}

extension InputLine {
    /// The 1-based number of the line.
    var number: Int {
        switch self {
        case .text(_, let number), .invalidUTF8(let number), .binary(let number), .readError(_, let number),
             .tooLong(let number):
            number
        }
    }
}

/// Cuts the bytes of a file descriptor into lines: the one line reader of the shell, for scripts
/// (pulled with ``next()``) and for the plain line editor (fed with ``readChunk()`` or
/// ``append(_:)``, drained with ``nextBufferedLine()``).
///
/// Reads in chunks, so memory stays flat in the number of lines and a line of any length works.
/// Lines end at `\n`; a `\r` before it is dropped; a last line without a newline still counts; a
/// UTF-8 byte order mark at the very start is skipped. A line that is not UTF-8 or holds a NUL
/// byte is reported as such, with its number, so the caller can say where.
struct LineReader {
    private let descriptor: Int32
    /// The bytes read and not yet dropped: `storage[0..<count]`. Memory of its own rather than an
    /// array, so that a line's bytes can be handed out (``nextLine()``) without a `String` made of
    /// them or a closure around them. A copy of a reader shares it: readers are not copied.
    private let storage = ByteStorage()
    private var count = 0
    /// Where the first unconsumed byte is (consumed bytes are dropped in bulk).
    private var start = 0
    /// Where the newline search goes on (bytes before it hold no newline).
    private var scanned = 0
    /// Whether the input has ended (end of file, a read error, or ``finishInput()``).
    private(set) var reachedEnd = false
    /// Whether the next line must be read first: every byte read has been taken and the input
    /// goes on (from a pipe or a terminal, the read may then wait).
    var needsRead: Bool { start == count && !reachedEnd }
    /// A read error to report once the lines before it are taken.
    private(set) var failure: POSIXError?
    private var failureReported = false
    private var lineNumber = 0
    private var atStart = true

    /// The longest line taken, in bytes without its line break; a longer one is ``InputLine/tooLong(number:)``
    /// and the buffer never holds much more than this (SPEC §6: `run /dev/zero` keeps memory flat).
    let maximumLineLength: Int
    /// Whether the rest of a line found too long is being dropped, up to its line break.
    private var skippingLongLine = false

    /// The limit of a line unless one is given: 1 MiB (SPEC §6).
    static let defaultMaximumLineLength = 1 << 20

    private static let chunkSize = 64 * 1024

    /// A reader of `descriptor` (not closed by the reader), with lines of at most
    /// `maximumLineLength` bytes.
    init(descriptor: Int32, maximumLineLength: Int = LineReader.defaultMaximumLineLength) {
        self.descriptor = descriptor
        self.maximumLineLength = max(maximumLineLength, 1)
    }

    /// A reader fed with ``append(_:)`` only.
    init(maximumLineLength: Int = LineReader.defaultMaximumLineLength) {
        self.descriptor = -1
        self.maximumLineLength = max(maximumLineLength, 1)
    }

    /// The next line, reading as needed; nil at the end of the input (after a read error's line).
    mutating func next() -> InputLine? {
        while true {
            if let line = nextBufferedLine() { return line }
            if reachedEnd { return nil }
            readChunk()
        }
    }

    /// The next line like ``next()``, its text given as its bytes (valid UTF-8 without NUL),
    /// which stay valid until the reader is next called: no `String` is made of them.
    mutating func nextLine() -> RawLine? {
        if let line = nextPlainLine() { return line }
        while true {
            if let line = nextBufferedRawLine() { return line }
            if reachedEnd { return nil }
            readChunk()
        }
    }

    /// The next line when it is ASCII text without NUL, ended by a line break among the bytes
    /// read, and not too long: the line break looked for and the bytes checked in one pass, eight
    /// at a time (see ``scan(_:)``; a byte equal to `\n` is a zero byte of the word XOR `\n`s). Nil
    /// for anything else, including the first line (a byte order mark) and the rest of a line
    /// found too long: the general path takes those, from the same position.
    @inline(__always)
    private mutating func nextPlainLine() -> RawLine? {
        guard !atStart && !skippingLongLine else { return nil }
        let storage = storage
        let end = count
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        while index + 8 <= end {
            let word = storage.word(at: index)
            let crossed = word ^ newlines
            if (word | (word &- ones) | (crossed &- ones)) & highBits != 0 { break }
            index += 8
        }
        while true {
            guard index < end else { return nil }
            let byte = storage[index]
            if byte == 10 { break }
            if byte == 0 || byte >= 0x80 { return nil }
            index += 1
        }
        var lineEnd = index
        if lineEnd > start, storage[lineEnd - 1] == 13 { lineEnd -= 1 }
        guard lineEnd - start <= maximumLineLength else { return nil }
        lineNumber += 1
        let line = RawLine.text(storage.bytes(start..<lineEnd), number: lineNumber)
        start = index + 1
        scanned = start
        return line
    }

    /// The message of the read error a ``RawLine/readError(number:)`` reports.
    var failureMessage: String { failure?.description ?? "" }

    /// The next line among the bytes read so far, or nil when they end inside a line. Once the
    /// input has ended, the unterminated rest is a line too, then a read error if there was one.
    mutating func nextBufferedLine() -> InputLine? {
        switch nextBufferedRawLine() {
        case nil: return nil
        case .text(let bytes, let number)?: return .text(String(decoding: bytes, as: UTF8.self), number: number)
        case .invalidUTF8(let number)?: return .invalidUTF8(number: number)
        case .binary(let number)?: return .binary(number: number)
        case .readError(let number)?: return .readError(failureMessage, number: number)
        case .tooLong(let number)?: return .tooLong(number: number)
        }
    }

    /// ``nextBufferedLine()`` with the line's bytes.
    private mutating func nextBufferedRawLine() -> RawLine? {
        if atStart {
            let available = count - start
            if available < 3 && !reachedEnd && startsWithByteOrderMark(prefix: available) { return nil }
            atStart = false
            if available >= 3 && startsWithByteOrderMark(prefix: 3) {
                start += 3
                scanned = start
            }
        }
        if skippingLongLine {
            guard let newline = newlineIndex() else {
                if holdsNUL(from: start) {
                    skippingLongLine = false
                    discardBuffered()
                    return .binary(number: lineNumber)
                }
                discardBuffered()
                if !reachedEnd { return nil }
                skippingLongLine = false
                return nextBufferedRawLine()
            }
            start = newline + 1
            scanned = start
            skippingLongLine = false
        }
        if let newline = newlineIndex() {
            return takeLine(upTo: newline, dropping: 1)
        }
        scanned = count
        if count - start > maximumLineLength + 1 {
            // No line break within the limit (and its `\r`): report the line now and drop the
            // rest of it as it comes, so that the buffer stays bounded.
            lineNumber += 1
            let isBinary = holdsNUL(from: start)  // `run /dev/zero` is binary data, not one endless line
            discardBuffered()
            if isBinary { return .binary(number: lineNumber) }
            skippingLongLine = !reachedEnd
            return .tooLong(number: lineNumber)
        }
        guard reachedEnd else { return nil }
        if start < count { return takeLine(upTo: count, dropping: 0) }
        if failure != nil, !failureReported {
            failureReported = true
            return .readError(number: lineNumber + 1)
        }
        return nil
    }

    /// Whether the first `prefix` (at most 3) unconsumed bytes are those of the byte order mark.
    private func startsWithByteOrderMark(prefix: Int) -> Bool {
        let marks: (UInt8, UInt8, UInt8) = (0xEF, 0xBB, 0xBF)
        return (prefix < 1 || storage[start] == marks.0) && (prefix < 2 || storage[start + 1] == marks.1)
            && (prefix < 3 || storage[start + 2] == marks.2)
    }

    /// Adds `bytes` read elsewhere.
    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        compact()
        let added = Array(bytes)
        storage.append(added, at: count)
        count += added.count
    }

    /// Marks the end of the input given with ``append(_:)``.
    mutating func finishInput() {
        reachedEnd = true
    }

    /// The index of the next `\n` at or after `scanned`, if the buffer holds one.
    private func newlineIndex() -> Int? {
        storage.firstIndex(of: 10, in: scanned..<count)
    }

    /// How many bytes the reader holds now (consumed ones included until they are dropped).
    var bufferedByteCount: Int { count }

    /// Whether the buffered bytes from `index` on hold a NUL byte.
    private func holdsNUL(from index: Int) -> Bool {
        index < count && storage.firstIndex(of: 0, in: index..<count) != nil
    }

    /// Drops every byte read so far (the middle of a line too long to keep).
    private mutating func discardBuffered() {
        start = count
        scanned = start
    }

    private mutating func takeLine(upTo end: Int, dropping separatorLength: Int) -> RawLine {
        lineNumber += 1
        let lineStart = start
        start = end + separatorLength
        scanned = start
        let number = lineNumber
        var lineEnd = end
        if lineEnd > lineStart, storage[lineEnd - 1] == 13 { lineEnd -= 1 }
        if lineEnd - lineStart > maximumLineLength { return .tooLong(number: number) }
        let bytes = storage.bytes(lineStart..<lineEnd)
        // One pass for the common case: no NUL, all ASCII (then the bytes are valid UTF-8 as they are).
        switch Self.scan(bytes) {
        case .ascii:
            return .text(bytes, number: number)
        case .holdsNUL:
            return .binary(number: number)
        case .other:
            guard bytes.isValidUTF8 else { return .invalidUTF8(number: number) }
            return .text(bytes, number: number)
        }
    }

    /// What a line's bytes hold, as far as decoding them goes.
    enum Content: Equatable {
        /// ASCII without NUL: valid UTF-8 as they are.
        case ascii
        /// A NUL byte somewhere.
        case holdsNUL
        /// No NUL, but bytes beyond ASCII (valid UTF-8 or not).
        case other
    }

    /// Classifies `bytes`, eight at a time while it can: a word has a byte beyond ASCII when a high
    /// bit is set, and a zero byte when subtracting one from each byte borrows into a high bit that
    /// was clear (the classic test; it can flag a byte beyond ASCII too, which the byte loop sorts out).
    static func scan(_ bytes: LineBytes) -> Content {
        let count = bytes.count
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = bytes.word(at: index)
            if (word | (word &- ones)) & highBits != 0 { break }
            index += 8
        }
        var result = Content.ascii
        while index < count {
            let byte = bytes[index]
            if byte == 0 { return .holdsNUL }
            if byte >= 0x80 { result = .other }
            index += 1
        }
        return result
    }

    /// Drops the consumed bytes once they are half the buffer.
    private mutating func compact() {
        if start > 0, start >= count / 2 {
            storage.moveBytes(start..<count, to: 0)
            count -= start
            scanned -= start
            start = 0
        }
    }

    /// Reads one more chunk from the descriptor (blocking when nothing is there yet); at the end or
    /// on an error, ``reachedEnd`` becomes true.
    mutating func readChunk() {
        guard !reachedEnd else { return }
        compact()
        switch storage.read(descriptor, at: count, count: Self.chunkSize) {
        case .bytes(let read):
            count += read
        case .end:
            reachedEnd = true
        case .failed(let error):
            failure = POSIXError(code: error)
            reachedEnd = true
        }
    }
}

/// A line as ``LineReader/nextLine()`` gives it.
enum RawLine {
    /// A line of text (valid UTF-8, no NUL, without its line break): its bytes, valid until the
    /// reader is next called, and its 1-based number.
    case text(LineBytes, number: Int)
    /// A line that is not valid UTF-8.
    case invalidUTF8(number: Int)
    /// A line holding a NUL byte: the input is binary, not text.
    case binary(number: Int)
    /// A read error (``LineReader/failureMessage``), after the lines read before it.
    case readError(number: Int)
    /// A line longer than the reader's limit: reported, and skipped up to its line break.
    case tooLong(number: Int)
}

extension RawLine {
    /// The 1-based number of the line.
    var number: Int {
        switch self {
        case .text(_, let number), .invalidUTF8(let number), .binary(let number), .readError(let number),
             .tooLong(let number):
            number
        }
    }
}

extension RawLine {
    /// What is wrong with a line that is not text of `source` (nil for a line of text, and for a
    /// read error, whose message the reader holds): as a running session and ``ScriptChecker``
    /// report it.
    func problem(source: String, maximumLineLength: Int) -> String? {
        switch self {
        case .text, .readError: nil
        case .invalidUTF8: "invalid UTF-8 in this line; the line was skipped"
        case .tooLong: ShellConfiguration.lineTooLongMessage(maximumLineLength)
        case .binary: "binary data (a NUL byte): '\(source)' is not a script; stopped reading it"
        }
    }
}
