/// Cuts a byte stream into input lines for the plain line editor.
///
/// Lines end at `\n`; a `\r` before it (CRLF) is dropped; a last line without a newline still
/// counts; a UTF-8 byte order mark at the very start is skipped. Each line is checked to be
/// UTF-8: a line that is not becomes `.invalidUTF8(lineNumber:)` (1-based) instead of text,
/// so a script with one bad line reports it and the rest still runs. Lines of any length are
/// kept whole.
public struct PlainLineSplitter: Sendable {
    private var pending: [UInt8] = []
    /// Where the first unconsumed byte of `pending` is (consumed bytes are dropped in bulk).
    private var start = 0
    /// Where the newline search goes on (bytes before it hold no newline).
    private var scanned = 0
    private var linesSeen = 0
    private var atStart = true

    /// A splitter at the start of a stream.
    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start >= pending.count / 2 {
            pending.removeFirst(start)
            scanned -= start
            start = 0
        }
        pending.append(contentsOf: bytes)
    }

    /// The next complete line, or `nil` when the bytes so far end inside a line. At the end of
    /// the stream (`endOfStream`), the unterminated rest is a line too, and then `nil` follows.
    public mutating func nextLine(endOfStream: Bool = false) -> LineEditorEvent? {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if atStart {
            if pending.count < 3 && !endOfStream && byteOrderMark.starts(with: pending) { return nil }
            atStart = false
            if pending.starts(with: byteOrderMark) { start = 3 }
        }
        let newline = pending[max(scanned, start)...].firstIndex(of: UInt8(ascii: "\n"))
        guard newline != nil || (endOfStream && start < pending.count) else {
            scanned = pending.count
            return nil
        }
        let end = newline ?? pending.count
        var line = pending[start..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let event = makeEvent(line)
        start = min(end + 1, pending.count)
        scanned = start
        return event
    }

    private mutating func makeEvent(_ bytes: ArraySlice<UInt8>) -> LineEditorEvent {
        linesSeen += 1
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .invalidUTF8(lineNumber: linesSeen)
        }
        return .line(text)
    }
}
