import Testing
@testable import ReactorShell

/// SPEC §9.1: a result line wider than the terminal breaks at a word, its continuation two
/// columns further in than the line starts; lines that fit are left alone.
@Suite struct HangingLinesTests {
    @Test func aLineThatFitsKeepsItsBlanks() {
        let line = #"      title: "a  b" → "c   d""#
        #expect(TextLayout.hangingLines(line, width: 80) == line)
    }

    @Test func aWideLineBreaksAtTheLastWordThatFits() {
        let text = TextLayout.hangingLines("      tags: one two three four five", width: 20)
        #expect(text == "      tags: one two\n        three four\n        five")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 20 })
    }

    @Test func aWordLongerThanALineStaysWhole() {
        let text = TextLayout.hangingLines("  · label: abcdefghijklmnopqrstuvwxyz end", width: 16)
        #expect(text == "  · label:\n    abcdefghijklmnopqrstuvwxyz\n    end")
    }

    @Test func escapeSequencesTakeNoColumns() {
        let red = "\u{1B}[31m", reset = "\u{1B}[39m"
        let line = "  x: \(red)aaaa bbbb\(reset) cccc"
        #expect(TextLayout.hangingLines(line, width: 19) == line, "19 visible columns fit")
        #expect(TextLayout.hangingLines(line, width: 18) == "  x: \(red)aaaa bbbb\(reset)\n    cccc")
    }
}

/// `COLUMNS` goes through the one checked parser of numeric settings: 1 to 65,535 columns, digits
/// only; anything else leaves the width to the terminal (nil here).
@Suite struct ColumnsSettingTests {
    @Test(arguments: [("1", 1), ("80", 80), ("65535", 65_535)])
    func aValueWithinTheBoundsIsTheWidth(text: String, width: Int) {
        #expect(TextLayout.columns(in: ["COLUMNS": text]) == width)
    }

    @Test(arguments: ["0", "65536", "99999999999999999999", "-80", "+80", " 80", "80x", ""])
    func aValuePastTheBoundsOrNotANumberIsIgnored(text: String) {
        #expect(TextLayout.columns(in: ["COLUMNS": text]) == nil)
    }

    @Test func anUnsetValueIsIgnored() {
        #expect(TextLayout.columns(in: [:]) == nil)
    }
}
