/// A copy of everything an ``OutputSink`` wrote, results and errors in the order they reached the
/// terminal: the output half of a ``SessionRecord``, from which `:save --transcript` takes each
/// line's output as it was shown.
///
/// Cheap on the per-line path: the sink copies its buffer here when it writes it out (one copy per
/// 64 KiB of results in a batch run), and a line only notes where its output begins
/// (``OutputSink/capturedCount``). Bounded: past ``limit`` bytes nothing more is kept and
/// ``overflowed`` says so.
@MainActor
final class OutputCapture {
    /// At most this many bytes are kept.
    static let limit = 4 << 20

    private let storage = ByteStorage()
    /// How many bytes are kept.
    private(set) var count = 0
    /// Whether bytes were dropped past ``limit``.
    private(set) var overflowed = false

    /// Appends `bytes`, and a newline when `newline`.
    func append(_ bytes: Span<UInt8>, newline: Bool = false) {
        let needed = bytes.count + (newline ? 1 : 0)
        guard !overflowed, count + needed <= Self.limit else {
            overflowed = true
            return
        }
        // Reserved at its bound on first use (pages are touched only as they fill): growing
        // would copy what is kept each time.
        if count == 0 { storage.reserve(Self.limit, keeping: 0) }
        storage.append(bytes, at: count)
        count += bytes.count
        if newline {
            storage.append([10], at: count)
            count += 1
        }
    }

    /// Appends `text` and a newline.
    func appendLine(_ text: String) {
        append(text.utf8.span, newline: true)
    }

    /// The text of bytes `start..<end` (clamped to what is kept), as UTF-8.
    func text(from start: Int, to end: Int) -> String {
        let start = min(max(0, start), count), end = min(max(start, end), count)
        return storage.string(start..<end)
    }
}
