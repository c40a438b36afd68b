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
            if isASCII { return .text(String(decoding: bytes, as: UTF8.self), number: number) }
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
