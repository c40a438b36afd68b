import Foundation
import Testing
import TestSupport
@testable import ReactorShell

/// The line reader gives back every line exactly, whether it was read before (and shared) or not.
@Suite struct LineReaderTests {
    /// The lines `text` reads as, from a pipe.
    static func read(_ bytes: [UInt8], maximumLineLength: Int = LineReader.defaultMaximumLineLength) throws -> [InputLine] {
        withReader(of: bytes, maximumLineLength: maximumLineLength) { reader in
            var lines: [InputLine] = []
            while let line = reader.next() { lines.append(line) }
            return lines
        }
    }

    /// Runs `body` with a reader of `bytes`, written into a pipe by a thread of their own (so that
    /// a pipe's buffer does not limit their length); the pipe, whose handles close its ends when
    /// freed, lives until `body` returns.
    static func withReader<Result>(
        of bytes: [UInt8], maximumLineLength: Int, _ body: (inout LineReader) throws -> Result
    ) rethrows -> Result {
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(bytes))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        return try withExtendedLifetime(pipe) {
            var reader = LineReader(descriptor: pipe.fileHandleForReading.fileDescriptor, maximumLineLength: maximumLineLength)
            return try body(&reader)
        }
    }

    static func texts(_ lines: [InputLine]) -> [String] {
        lines.map { line in
            switch line {
            case .text(let text, let number): "\(number):\(text)"
            case .invalidUTF8(let number): "\(number):<invalid>"
            case .binary(let number): "\(number):<binary>"
            case .readError(let message, let number): "\(number):<error \(message)>"
            case .tooLong(let number): "\(number):<too long>"
            }
        }
    }

    @Test func repeatedAndSimilarLinesComeBackExactly() throws {
        // Many lines that repeat, differ in one byte, share lengths, or are too long to be remembered.
        var random = SplitMix64(seed: 7)
        let pieces = [
            "homeScore", "awayScore", "resetScore", "", " ", "setScore home: 1 away: 2", "setScore home: 1 away: 3",
            "setScore home: 2 away: 2", "x", "y", "é", "naïve text", "# comment", String(repeating: "a", count: 63),
            String(repeating: "a", count: 64), String(repeating: "b", count: 200), "12345678", "12345679", "1234567",
        ]
        var expected: [String] = []
        var bytes: [UInt8] = []
        for number in 1...5_000 {
            let line = random.pick(pieces)
            expected.append("\(number):\(line)")
            bytes += Array(line.utf8)
            bytes += random.next(below: 4) == 0 ? [13, 10] : [10]
        }
        #expect(Self.texts(try Self.read(bytes)) == expected)
    }

    @Test func lastLineWithoutBreakAndBadLines() throws {
        let bytes = Array("a\r\nb\n".utf8) + [0xFF, 0xFE, 10] + Array("a\nlast".utf8)
        #expect(Self.texts(try Self.read(bytes)) == ["1:a", "2:b", "3:<invalid>", "4:a", "5:last"])
        #expect(Self.texts(try Self.read(Array("a\nb\0c\nd\n".utf8))) == ["1:a", "2:<binary>", "3:d"])
    }

    @Test func byteClassificationAgreesWithAByteByByteLook() {
        // NUL, a byte beyond ASCII (valid UTF-8 or not), or both, at every place of lines of 0 to
        // 40 bytes: the eight-at-a-time scan must find what a plain loop finds.
        var random = SplitMix64(seed: 11)
        let specials: [UInt8] = [0, 0x80, 0xC3, 0xFF, 0x7F, 0x01]
        for _ in 0..<20_000 {
            let count = random.next(below: 41)
            var bytes = (0..<count).map { _ in UInt8(0x20 + random.next(below: 0x5F)) }
            for _ in 0..<random.next(below: 3) where count > 0 {
                bytes[random.next(below: count)] = random.pick(specials)
            }
            let expected: LineReader.Content =
                bytes.contains(0) ? .holdsNUL : (bytes.contains { $0 >= 0x80 } ? .other : .ascii)
            let found = withBytes(of: bytes) { LineReader.scan($0) }
            #expect(found == expected, "\(bytes)")
            if found != expected { return }
        }
    }

    /// The lines of `bytes` as ``LineReader/nextLine()`` gives them, from a pipe, each written as
    /// ``texts(_:)`` writes an `InputLine`.
    static func readRaw(_ bytes: [UInt8], maximumLineLength: Int) throws -> [String] {
        withReader(of: bytes, maximumLineLength: maximumLineLength) { reader in
            var lines: [String] = []
            while let line = reader.nextLine() {
                switch line {
                case .text(let bytes, let number): lines.append("\(number):\(String(decoding: bytes, as: UTF8.self))")
                case .invalidUTF8(let number): lines.append("\(number):<invalid>")
                case .binary(let number): lines.append("\(number):<binary>")
                case .readError(let number): lines.append("\(number):<error \(reader.failureMessage)>")
                case .tooLong(let number): lines.append("\(number):<too long>")
                }
            }
            return lines
        }
    }

    @Test func linesAsBytesAreTheLinesAsStrings() throws {
        // Lines the one-pass plain path takes and lines it leaves to the general one (a byte order
        // mark, carriage returns, NUL, bytes beyond ASCII, lines over the limit, lines across the
        // 64 KiB reads): both ways of reading give the same lines.
        var random = SplitMix64(seed: 23)
        let specials: [UInt8] = [0, 0x80, 0xC3, 0xA9, 0xFF, 13, 0x7F, 0x0B]
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        for _ in 0..<30_000 {
            let count = random.next(below: 50)
            var line = (0..<count).map { _ in UInt8(0x20 + random.next(below: 0x5F)) }
            if random.next(below: 5) == 0, count > 0 {
                line[random.next(below: count)] = random.pick(specials)
            }
            bytes += line
            bytes += random.next(below: 4) == 0 ? [13, 10] : [10]
        }
        bytes += Array("no line break at the end".utf8)
        for limit in [40, LineReader.defaultMaximumLineLength] {
            let expected = Self.texts(try Self.read(bytes, maximumLineLength: limit))
            #expect(try Self.readRaw(bytes, maximumLineLength: limit) == expected)
            #expect(expected.count > 30_000)
        }
    }

    @Test func aReadErrorComesAfterTheLinesReadBeforeIt() throws {
        // A directory opened for reading fails with EISDIR on the first read.
        let descriptor = open("/", O_RDONLY)
        defer { close(descriptor) }
        var reader = LineReader(descriptor: descriptor)
        let lines = [reader.next(), reader.next()]
        #expect(lines == [.readError(String(cString: strerror(EISDIR)), number: 1), nil])
    }
}
