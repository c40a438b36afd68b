#if GNUReadline || LibEdit
import Testing

@testable import ReactorShell

@MainActor
@Suite struct ReadlineHelpersTests {
    @Test func colourEscapesInAPromptAreMarkedInvisible() {
        let marked = ReadlinePromptMarkup.markInvisibleSequences("\u{1B}[1;32mcounter>\u{1B}[0m ")
        let start = String(ReadlinePromptMarkup.startInvisible), end = String(ReadlinePromptMarkup.endInvisible)
        #expect(marked == start + "\u{1B}[1;32m" + end + "counter>" + start + "\u{1B}[0m" + end + " ")
    }

    @Test func aPlainPromptIsLeftAlone() {
        #expect(ReadlinePromptMarkup.markInvisibleSequences("counter> ") == "counter> ")
    }

    @Test func pastedLineBreaksSplitALineIntoSeveral() {
        #expect(ReadlineLineEditor.splitPastedLines(Array("a\nb\r\n\nc".utf8)) == [.text("a"), .text("b"), .text("c")])
        #expect(ReadlineLineEditor.splitPastedLines(Array("a\n \t\nb".utf8)) == [.text("a"), .text("b")])
        #expect(ReadlineLineEditor.splitPastedLines([]) == [.text("")])
        #expect(ReadlineLineEditor.splitPastedLines(Array("só".utf8)) == [.text("só")])
    }

    @Test func aTypedOrPastedLineThatIsNotUTF8IsMarkedInvalidAlone() {
        #expect(ReadlineLineEditor.splitPastedLines([0x61, 0xFF, 0x62]) == [.invalidUTF8])
        #expect(ReadlineLineEditor.splitPastedLines([0x61, 0x0A, 0xC3, 0x0A, 0x62]) == [.text("a"), .invalidUTF8, .text("b")])
    }

    /// As in batch input: a line over the limit (in bytes, without its break) is too long whatever
    /// it holds, and the lines pasted around it are kept.
    @Test func aTypedOrPastedLineOverTheLimitIsMarkedTooLongAlone() {
        #expect(ReadlineLineEditor.splitPastedLines(Array("abcd".utf8), maximumLineLength: 4) == [.text("abcd")])
        #expect(ReadlineLineEditor.splitPastedLines(Array("abcde".utf8), maximumLineLength: 4) == [.tooLong])
        #expect(ReadlineLineEditor.splitPastedLines(Array("ab\nabcde\r\ncd".utf8), maximumLineLength: 4)
            == [.text("ab"), .tooLong, .text("cd")])
        #expect(ReadlineLineEditor.splitPastedLines([0x61, 0xFF, 0x62, 0x63, 0x64], maximumLineLength: 4) == [.tooLong])
        #expect(ReadlineLineEditor.splitPastedLines(Array("sóóó".utf8), maximumLineLength: 6) == [.tooLong])
    }

    @Test func theCommonPrefixOfCandidatesIsComputedByCharacter() {
        #expect(LineCompletionText.commonPrefix(of: ["increase", "incredible"]) == "incre")
        #expect(LineCompletionText.commonPrefix(of: ["a", "b"]) == "")
        #expect(LineCompletionText.commonPrefix(of: ["só", "sóx"]) == "só")
    }
}
#endif
