import ReactorShell

/// The base protocol's framing of LSP messages over a pair of file descriptors: each message is
/// `Content-Length: N` (other header fields are read and ignored), a blank line, then N bytes of
/// JSON in UTF-8.
struct MessageTransport {
    /// What reading the next message gave.
    enum Incoming: Equatable {
        /// The bytes of one message's content.
        case message([UInt8])
        /// A header block the server cannot use (no or a bad `Content-Length`): what was wrong.
        /// The block is skipped; the next message may still be read.
        case badHeader(String)
        /// The input ended (or failed) between messages.
        case end
    }

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// The largest content accepted (a bigger one is read and dropped as a bad header).
    static let maximumContentLength = 64 << 20

    /// A transport that reads from `input` and writes to `output`.
    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Reads the next message, blocking until it has arrived whole.
    mutating func read() -> Incoming {
        guard let headerEnd = readUntilBlankLine() else { return .end }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        start = headerEnd + 4
        var length: Int?
        for field in header.split(separator: "\r\n") {
            guard let colon = field.firstIndex(of: ":") else { return .badHeader("header line without ':': '\(field)'") }
            let name = field[..<colon].lowercased()
            let value = field[field.index(after: colon)...].trimmingBlanks
            if name == "content-length" {
                guard let number = Int(value), number >= 0 else { return .badHeader("Content-Length is not a number: '\(value)'") }
                length = number
            }
        }
        guard let length else { return .badHeader("header without Content-Length") }
        guard length <= Self.maximumContentLength else {
            skip(length)
            return .badHeader("Content-Length \(length) is over the limit of \(Self.maximumContentLength) bytes")
        }
        guard fill(upTo: start + length) else { return .end }
        let content = Array(buffer[start..<start + length])
        start += length
        compact()
        return .message(content)
    }

    /// Writes one message with its header.
    func write(_ content: String) {
        let count = content.utf8.count
        POSIXIO.writeAll("Content-Length: \(count)\r\n\r\n" + content, to: output)
    }

    /// The offset of the `\r\n\r\n` that ends the next header block, reading more as needed;
    /// nil at the end of the input.
    private mutating func readUntilBlankLine() -> Int? {
        var searched = start
        while true {
            if buffer.count - searched >= 4 {
                for index in searched...(buffer.count - 4)
                where buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D && buffer[index + 3] == 0x0A {
                    return index
                }
                searched = buffer.count - 3
            }
            guard readMore() else { return nil }
        }
    }

    /// Reads until the buffer holds `end` bytes; false when the input ends first.
    private mutating func fill(upTo end: Int) -> Bool {
        while buffer.count < end {
            guard readMore() else { return false }
        }
        return true
    }

    /// Drops `count` content bytes, reading them if they have not arrived.
    private mutating func skip(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            if start == buffer.count {
                start = 0
                buffer.removeAll(keepingCapacity: true)
                guard readMore() else { return }
            }
            let taken = min(remaining, buffer.count - start)
            start += taken
            remaining -= taken
        }
        compact()
    }

    private mutating func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        switch POSIXIO.readChunk(input, into: &chunk) {
        case .bytes(let count):
            buffer.append(contentsOf: chunk[0..<count])
            return true
        case .end, .failed:
            return false
        }
    }

    /// Forgets the bytes already handed out.
    private mutating func compact() {
        guard start > 0 else { return }
        buffer.removeFirst(start)
        start = 0
    }
}

extension Substring {
    /// The text without leading and trailing blanks.
    var trimmingBlanks: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
