import Testing

@testable import ReactorShell

/// How ``LineReader`` cuts bytes given in pieces into lines (what the plain line editor sees).
@Suite struct LineReaderSplittingTests {
    private func events(_ bytes: [UInt8], chunkSize: Int = .max) -> [LineEditorEvent] {
        var reader = LineReader()
        var result: [LineEditorEvent] = []
        func take(_ line: InputLine) {
            switch line {
            case .text(let text, _): result.append(.line(text))
            case .invalidUTF8(let number), .binary(let number): result.append(.invalidUTF8(lineNumber: number))
            case .readError: Issue.record("no read error without a descriptor")
            case .tooLong(let number): result.append(.tooLong(lineNumber: number))
            }
        }
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunkSize, bytes.count)
            reader.append(bytes[offset..<end])
            offset = end
            while let line = reader.nextBufferedLine() { take(line) }
        }
        reader.finishInput()
        while let line = reader.nextBufferedLine() { take(line) }
        return result
    }

    private func events(_ text: String, chunkSize: Int = .max) -> [LineEditorEvent] {
        events(Array(text.utf8), chunkSize: chunkSize)
    }

    @Test func linesAreCutAtNewlines() {
        #expect(events("a\nb c\n") == [.line("a"), .line("b c")])
    }

    @Test func aLastLineWithoutNewlineStillCounts() {
        #expect(events(":use counter\nincrease") == [.line(":use counter"), .line("increase")])
    }

    @Test func crlfLineEndingsLoseTheirCarriageReturn() {
        #expect(events("a\r\nb\r\n") == [.line("a"), .line("b")])
    }

    @Test func emptyLinesAreDelivered() {
        #expect(events("\n\nx\n") == [.line(""), .line(""), .line("x")])
    }

    @Test func emptyInputHasNoLines() {
        #expect(events("") == [])
    }

    @Test func linesSplitAcrossReadsAreJoined() {
        #expect(events("hello world\nsecond\n", chunkSize: 3) == [.line("hello world"), .line("second")])
    }

    @Test func aMultiByteCharacterSplitAcrossReadsSurvives() {
        #expect(events("größe → 😀\n", chunkSize: 1) == [.line("größe → 😀")])
    }

    @Test func aVeryLongLineIsKeptWhole() {
        let long = String(repeating: "x", count: 300_000)
        #expect(events(long + "\nend", chunkSize: 65_536) == [.line(long), .line("end")])
    }

    @Test func invalidUTF8IsReportedWithItsLineNumberAndReadingGoesOn() {
        let bytes = Array("ok\n".utf8) + [0x66, 0xFF, 0x6F, 0x0A] + Array("after\n".utf8)
        #expect(events(bytes) == [.line("ok"), .invalidUTF8(lineNumber: 2), .line("after")])
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() {
        #expect(events([0xEF, 0xBB, 0xBF] + Array("a\n".utf8), chunkSize: 1) == [.line("a")])
        #expect(events([0xEF, 0xBB] + Array("a\n".utf8)) == [.invalidUTF8(lineNumber: 1)])
        #expect(events(Array("a\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("b\n".utf8)) == [.line("a"), .line("\u{FEFF}b")])
    }

    @Test func aLineWithANulByteIsNotText() {
        #expect(events(Array("a\nb\0c\nd".utf8)) == [.line("a"), .invalidUTF8(lineNumber: 2), .line("d")])
    }
}
