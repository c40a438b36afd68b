/// `:save --transcript FILE.md`: a session as a Markdown lesson. Each command, after its prompt,
/// is a fenced code block with the output it printed; `#` comment lines become prose paragraphs
/// (consecutive ones join into one); `:pause TEXT` becomes a horizontal rule followed by its text.
enum TranscriptWriter {
    /// The Markdown text of `steps` (a ``SessionReplay`` of the session), made from `source`.
    static func markdown(_ steps: [SessionReplay.Step], source: String, shellName: String) -> String {
        var blocks: [String] = ["<!-- Transcript written by \(shellName) :save --transcript from \(source). -->"]
        var paragraph: [String] = []
        func endParagraph() {
            if !paragraph.isEmpty { blocks.append(paragraph.joined(separator: "\n")) }
            paragraph = []
        }
        for step in steps {
            switch step.kind {
            case .comment(let text):
                if text.trimmingBlanks.isEmpty { endParagraph() } else { paragraph.append(String(text)) }
            case .blank:
                endParagraph()
            case .pause(let text):
                endParagraph()
                blocks.append("---")
                if !text.isEmpty { blocks.append(text) }
            case .hidden:
                continue
            case .command:
                endParagraph()
                let lines = [step.prompt + step.text.trimmingBlanks] + step.output
                let fence = fence(for: lines)
                blocks.append(([fence + "text"] + lines + [fence]).joined(separator: "\n"))
            }
        }
        endParagraph()
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// A code fence longer than any run of backticks in `lines`.
    private static func fence(for lines: [String]) -> String {
        var longest = 0
        for line in lines {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }
}
