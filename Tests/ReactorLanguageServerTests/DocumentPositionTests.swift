import Testing
@testable import ReactorLanguageServer

/// URIs and the mapping between the shell's character columns and LSP's UTF-16 positions.
@Suite struct DocumentPositionTests {
    @Test func fileURIsRoundTripWithEscapes() {
        let path = "/tmp/my scripts/naïve #1.rsh"
        let uri = DocumentURI.uri(ofPath: path)
        #expect(uri == "file:///tmp/my%20scripts/na%C3%AFve%20%231.rsh")
        #expect(DocumentURI.path(of: uri) == path)
        #expect(DocumentURI.path(of: "file://localhost/a/b.rsh") == "/a/b.rsh")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
    }

    @Test func linesSplitAtEveryKindOfLineBreak() {
        let document = TextDocument(uri: "untitled:x", version: 1, text: "a\r\nb\rc\nd")
        #expect(document.lines == ["a", "b", "c", "d"])
        #expect(TextDocument(uri: "untitled:x", version: 1, text: "a\n").lines == ["a", ""])
    }

    @Test func columnsCountCharactersWhileLSPCountsUTF16() {
        // "😀" is one character, two UTF-16 units; "é" written as e + U+0301 is one character, two units.
        let line = ScriptLine(text: "x \"😀e\u{301}\" y", utf16Start: 0)
        #expect(line.utf16Offset(ofColumn: 3) == 2)   // the opening quote
        #expect(line.utf16Offset(ofColumn: 5) == 5)   // é, after the emoji's two units
        #expect(line.utf16Offset(ofColumn: 8) == 9)   // y
        #expect(line.column(ofUTF16: 9) == 8)
        #expect(line.column(ofUTF16: 4) == 4)         // inside the emoji: its column
        #expect(line.utf8Offset(ofUTF16: 9) == 12)
        #expect(line.utf16Offset(ofUTF8: 12) == 9)
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
        let document = TextDocument(uri: "untitled:x", version: 1, text: "\u{FEFF}:use counter\nincrease")
        let first = try #require(document.line(0))
        #expect(first.text == ":use counter")
        #expect(first.utf16Offset(ofColumn: 1) == 1)
        #expect(document.line(1)?.utf16Start == 0)
    }
}
