/// `:save --transcript FILE.md` and `run --transcript FILE.md`: a session as a Markdown lesson,
/// written from its ``SessionRecord`` (what happened, as the terminal showed it). Each command,
/// after its prompt, is a fenced code block with the output shown while it ran — results, errors,
/// cancellations, and what effects of earlier lines printed meanwhile — whether it was typed, read
/// from a script or from a `:load`ed file; `#` comment lines become prose paragraphs (consecutive
/// ones join into one); `:pause TEXT` becomes a horizontal rule followed by its text.
enum TranscriptWriter {
    /// The Markdown text of `events`, made from `source`, and how many commands it shows.
    static func markdown(_ events: [SessionRecord.Event], source: String, shellName: String) -> (text: String, commands: Int) {
        var blocks: [String] = ["<!-- Transcript of \(source), written by \(shellName). -->"]
        var paragraph: [String] = []
        var commands = 0
        func endParagraph() {
            if !paragraph.isEmpty { blocks.append(paragraph.joined(separator: "\n")) }
            paragraph = []
        }
        for case .line(let line) in events {
            let kind = ScriptLineKind(line.text)
            switch kind {
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
                commands += 1
                blocks.append(fenced([line.prompt + line.text.trimmingBlanks] + line.output))
                continue
            }
            // What the terminal showed while a line that is not a command was read (an effect's
            // result), in a block of its own.
            if !line.output.isEmpty {
                endParagraph()
                blocks.append(fenced(line.output))
            }
        }
        endParagraph()
        return (blocks.joined(separator: "\n\n") + "\n", commands)
    }

    /// `lines` in a fenced code block.
    private static func fenced(_ lines: [String]) -> String {
        let fence = fence(for: lines)
        return ([fence + "text"] + lines + [fence]).joined(separator: "\n")
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
