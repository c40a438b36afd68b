import Testing
@testable import ReactorShell

/// SPEC §6: a line over the limit is an error naming its line and is skipped; memory stays flat.
@Suite struct LineLengthLimitTests {
    /// The lines of `bytes` fed in `chunk`-byte pieces to a reader limited to `limit` bytes a line,
    /// and the most bytes the reader held at once.
    static func read(_ bytes: [UInt8], limit: Int, chunk: Int = 7) -> (lines: [String], peak: Int) {
        var reader = LineReader(maximumLineLength: limit)
        var lines: [InputLine] = []
        var peak = 0
        var offset = 0
        while offset < bytes.count {
            reader.append(bytes[offset..<min(offset + chunk, bytes.count)])
            offset += chunk
            peak = max(peak, reader.bufferedByteCount)
            while let line = reader.nextBufferedLine() { lines.append(line) }
        }
        reader.finishInput()
        while let line = reader.nextBufferedLine() { lines.append(line) }
        return (LineReaderTests.texts(lines), peak)
    }

    @Test func aLineOverTheLimitIsReportedOnceAndSkippedToItsLineBreak() {
        let long = String(repeating: "x", count: 50)
        let (lines, _) = Self.read(Array("ok\n\(long)\nafter\n".utf8), limit: 10)
        #expect(lines == ["1:ok", "2:<too long>", "3:after"])
    }

    @Test func aLineOfExactlyTheLimitIsKeptWithOrWithoutCarriageReturn() {
        let ten = String(repeating: "y", count: 10)
        #expect(Self.read(Array("\(ten)\n\(ten)\r\n\(ten)y\n".utf8), limit: 10).lines == ["1:\(ten)", "2:\(ten)", "3:<too long>"])
        #expect(Self.read(Array("\(ten)\r\n".utf8), limit: 10, chunk: 100).lines == ["1:\(ten)"])
    }

    @Test func aLongLastLineWithoutALineBreakIsReportedToo() {
        #expect(Self.read(Array(("a\n" + String(repeating: "z", count: 30)).utf8), limit: 10).lines == ["1:a", "2:<too long>"])
    }

    @Test func anEndlessLineKeepsTheBufferBounded() {
        let bytes = Array(String(repeating: "w", count: 200_000).utf8) + Array("\nlast\n".utf8)
        let (lines, peak) = Self.read(bytes, limit: 1_000, chunk: 4_096)
        #expect(lines == ["1:<too long>", "2:last"])
        #expect(peak <= 2 * (1_000 + 4_096), "held \(peak) bytes")
    }

    @Test func nulBytesInAnOverlongLineMakeItBinary() {
        let (lines, _) = Self.read([UInt8](repeating: 0, count: 100) + Array("\nnext\n".utf8), limit: 10)
        #expect(lines.first == "1:<binary>")
    }
}
