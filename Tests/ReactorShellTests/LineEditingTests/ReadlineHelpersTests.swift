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
        #expect(ReadlineLineEditor.splitPastedLines(Array("a\nb\r\n\nc".utf8)) == ["a", "b", "c"])
        #expect(ReadlineLineEditor.splitPastedLines(Array("a\n \t\nb".utf8)) == ["a", "b"])
        #expect(ReadlineLineEditor.splitPastedLines([]) == [""])
        #expect(ReadlineLineEditor.splitPastedLines(Array("só".utf8)) == ["só"])
    }

    @Test func aTypedOrPastedLineThatIsNotUTF8IsMarkedInvalidAlone() {
        #expect(ReadlineLineEditor.splitPastedLines([0x61, 0xFF, 0x62]) == [nil])
        #expect(ReadlineLineEditor.splitPastedLines([0x61, 0x0A, 0xC3, 0x0A, 0x62]) == ["a", nil, "b"])
    }

    @Test func theCommonPrefixOfCandidatesIsComputedByCharacter() {
        #expect(ReadlineCompletionBridge.commonPrefix(of: ["increase", "incredible"]) == "incre")
        #expect(ReadlineCompletionBridge.commonPrefix(of: ["a", "b"]) == "")
        #expect(ReadlineCompletionBridge.commonPrefix(of: ["só", "sóx"]) == "só")
    }
}
#endif
