import Foundation
import Testing
@testable import ReactorShell

/// The one rule by which the output sink and the live feed's writer write lines (`LineBuffer`):
/// a line and its newline are buffered when they fit, the buffer is written first when they do
/// not, a line longer than the buffer goes out directly with only its newline buffered, and a
/// flush writes what is left. An 8-byte buffer writing into a temporary file, read after each step.
@Suite struct LineBufferTests {
    /// An 8-byte line buffer into a fresh temporary file, and what each `willWrite` was shown.
    private final class BufferedFile {
        let path = NSTemporaryDirectory() + "line-buffer-\(UUID().uuidString)"
        let buffer: LineBuffer
        private(set) var shown = ""
        private let descriptor: Int32

        init() {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            buffer = LineBuffer(descriptor: descriptor, capacity: 8)
        }

        deinit {
            buffer.deallocate()
            close(descriptor)
            unlink(path)
        }

        /// Appends `line`; true when no write failed.
        func append(_ line: String) -> Bool {
            buffer.appendLine(line.utf8.span) { shown += String(decodingUTF8: $0) } == nil
        }

        /// Flushes; true when no write failed.
        func flush() -> Bool {
            buffer.flush { shown += String(decodingUTF8: $0) } == nil
        }

        /// What the file holds now.
        var written: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>" }
    }

    @Test func aLineThatFitsIsBufferedAndOneThatExactlyFillsTheBufferToo() {
        let file = BufferedFile()
        #expect(file.append("abc"))
        #expect(file.buffer.count == 4)
        #expect(file.written == "")
        #expect(file.append("xyz"))  // 4 + 4 = 8: fills the buffer exactly, still nothing written
        #expect(file.buffer.count == 8)
        #expect(file.written == "")
        #expect(file.shown == "")
    }

    @Test func aLineThatDoesNotFitWritesTheBufferFirst() {
        let file = BufferedFile()
        #expect(file.append("abc"))
        #expect(file.append("xyz"))
        #expect(file.append("q"))  // 2 more bytes into a full buffer: it goes out first
        #expect(file.written == "abc\nxyz\n")
        #expect(file.buffer.count == 2)
        #expect(file.append("1234567"))  // 8 bytes with the newline: the whole buffer, after "q\n"
        #expect(file.written == "abc\nxyz\nq\n")
        #expect(file.buffer.count == 8)
        #expect(file.shown == file.written)
    }

    @Test func aLineLongerThanTheBufferGoesOutDirectlyAfterTheBufferAndItsNewlineIsBuffered() {
        let file = BufferedFile()
        #expect(file.append("ab"))
        #expect(file.append("12345678"))  // 9 bytes with the newline: more than the buffer holds
        #expect(file.written == "ab\n12345678")
        #expect(file.buffer.count == 1)
        #expect(file.append("c"))  // the newline stays first in the buffer, the next line after it
        #expect(file.written == "ab\n12345678")
        #expect(file.flush())
        #expect(file.written == "ab\n12345678\nc\n")
        #expect(file.buffer.count == 0)
        #expect(file.shown == file.written)
    }

    @Test func aFlushWritesWhatIsBufferedOnceAndAnEmptyFlushWritesNothing() {
        let file = BufferedFile()
        #expect(file.flush())
        #expect(file.shown == "")
        #expect(file.append("é"))  // counted in bytes: 2 and the newline
        #expect(file.buffer.count == 3)
        #expect(file.flush())
        #expect(file.flush())
        #expect(file.written == "é\n")
        #expect(file.shown == "é\n")
    }

    @Test func aFailedWriteGivesItsErrorAndDropsTheBufferAndTheLine() {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        defer { close(full) }
        let buffer = LineBuffer(descriptor: full, capacity: 8)
        defer { buffer.deallocate() }
        #expect(buffer.appendLine("abc".utf8.span) == nil)
        #expect(buffer.appendLine("defghij".utf8.span) == POSIXError(code: ENOSPC))
        #expect(buffer.count == 0)
        #expect(buffer.appendLine("a line too long to buffer".utf8.span) == POSIXError(code: ENOSPC))
        #expect(buffer.count == 0)
        #expect(buffer.appendLine("x".utf8.span) == nil)
        #expect(buffer.flush() == POSIXError(code: ENOSPC))
        #expect(buffer.count == 0)
    }
}
