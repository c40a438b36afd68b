#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One line of a script as read from a file descriptor.
enum ScriptLine {
    /// A line of text (without its line break), with its 1-based number.
    case text(String, number: Int)
    /// A line that is not valid UTF-8.
    case invalidUTF8(number: Int)
    /// A line holding a NUL byte: the input is binary, not a script.
    case binary(number: Int)
    /// A read error (`errno`'s message).
    case readError(String, number: Int)
}

extension ScriptLine {
    /// The 1-based number of the line.
    var number: Int {
        switch self {
        case .text(_, let number), .invalidUTF8(let number), .binary(let number), .readError(_, let number): number
        }
    }
}

/// Reads a script line by line from a file descriptor, in chunks, so memory stays flat in the
/// number of lines and a line of any length works. Accepts `\n` and `\r\n` line ends and a last
/// line without one.
struct ScriptLineReader {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var reachedEnd = false
    private var lineNumber = 0
    /// Lines read recently, shared when the same text comes again.
    private let recentLines = RecentLines()

    private static let chunkSize = 64 * 1024

    /// A reader of `descriptor` (not closed by the reader).
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, or nil at the end of the input.
    mutating func next() -> ScriptLine? {
        while true {
            if let newline = newlineIndex() {
                return takeLine(upTo: newline, dropping: 1)
            }
            scanned = buffer.count
            if reachedEnd {
                guard start < buffer.count else { return nil }
                return takeLine(upTo: buffer.count, dropping: 0)
            }
            if let failure = fill() { return failure }
        }
    }

    /// The index of the next `\n` at or after `scanned`, if the buffer holds one.
    private func newlineIndex() -> Int? {
        guard scanned < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes in
            guard let found = memchr(bytes.baseAddress! + scanned, 10, bytes.count - scanned) else { return nil }
            return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - bytes.baseAddress!
        }
    }

    private mutating func takeLine(upTo end: Int, dropping separatorLength: Int) -> ScriptLine {
        lineNumber += 1
        let lineStart = start
        start = end + separatorLength
        scanned = start
        let number = lineNumber
        return buffer.withUnsafeBufferPointer { buffer in
            var lineEnd = end
            if lineEnd > lineStart, buffer[lineEnd - 1] == 13 { lineEnd -= 1 }
            let bytes = UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd])
            // One pass for the common case: no NUL, all ASCII (then the bytes are valid UTF-8 as they are).
            var isASCII = true
            for byte in bytes where byte == 0 || byte >= 0x80 {
                if byte == 0 { return .binary(number: number) }
                isASCII = false
            }
            if isASCII { return .text(recentLines.text(of: bytes), number: number) }
            guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8(number: number) }
            return .text(text, number: number)
        }
    }

    /// Reads one more chunk; returns a read error as a line, or nil.
    private mutating func fill() -> ScriptLine? {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer in
                read(descriptor, pointer.baseAddress! + oldCount, Self.chunkSize)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                let message = String(cString: strerror(errno))
                buffer.removeSubrange(oldCount...)
                reachedEnd = true
                return .readError(message, number: lineNumber + 1)
            }
            buffer.removeSubrange((oldCount + count)...)
            if count == 0 { reachedEnd = true }
            return nil
        }
    }
}

/// The last few lines of a script read, by a hash of their bytes.
///
/// A script repeats most of its lines (`increase`, `homeScore`, the same `setScore` values); a line
/// found here is shared instead of being made again: no validation, no allocation for long lines,
/// and the session's log and replay hold one copy of it.
private final class RecentLines {
    /// Lines longer than this are always made afresh.
    private static let maximumLength = 63
    private static let slotCount = 64
    /// The line of each slot.
    /// Unchecked exclusivity: read or replaced once a line, never passed `inout`.
    @exclusivity(unchecked) private var lines = [String](repeating: "", count: slotCount)
    /// The bytes of each slot's line, `maximumLength + 1` bytes a slot: the length, then the bytes.
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        bytes = .allocate(capacity: Self.slotCount * (Self.maximumLength + 1))
        bytes.initialize(repeating: 0, count: Self.slotCount * (Self.maximumLength + 1))
    }

    deinit {
        bytes.deallocate()
    }

    /// The string of the ASCII `line`: the recent line with those bytes, or a new one (then remembered).
    func text(of line: UnsafeBufferPointer<UInt8>) -> String {
        guard line.count <= Self.maximumLength, let base = line.baseAddress else {
            return String(decoding: line, as: UTF8.self)
        }
        let slot = Self.slot(of: UnsafeRawPointer(base), count: line.count)
        let stored = bytes + slot * (Self.maximumLength + 1)
        if Int(stored.pointee) == line.count && memcmp(stored + 1, base, line.count) == 0 {
            return lines[slot]
        }
        let text = String(decoding: line, as: UTF8.self)
        lines[slot] = text
        stored.pointee = UInt8(line.count)
        (stored + 1).update(from: base, count: line.count)
        return text
    }

    /// A slot for `count` bytes at `base` (not empty): a hash of their length and of 8-byte words.
    private static func slot(of base: UnsafeRawPointer, count: Int) -> Int {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            offset += 8
        }
        if offset < count {
            // The last 8 bytes (overlapping the previous word), or the whole short line byte by byte.
            var tail: UInt64 = 0
            if count >= 8 {
                tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else {
                for index in 0..<count { tail = tail << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self)) }
            }
            hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        }
        return Int(truncatingIfNeeded: hash >> 58) & (slotCount - 1)
    }
}

/// Opens script files for reading, with the errors a user should see.
enum ScriptFile {
    /// Opens `path` for reading; a directory or an unreadable file is an error message.
    static func openForReading(_ path: String) -> Result<Int32, ScriptFileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            return .failure(ScriptFileError(path: path, reason: String(cString: strerror(errno))))
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            return .failure(ScriptFileError(path: path, reason: "is a directory"))
        }
        return .success(descriptor)
    }
}

/// A script file that cannot be read, and why.
struct ScriptFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot read '\(path)': \(reason)" }
}
