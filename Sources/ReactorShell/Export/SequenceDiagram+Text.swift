extension SequenceDiagram {
    /// The width of the text view when the terminal's is not known.
    static let defaultTextWidth = 80

    /// The diagram as text for the terminal (`:diagram` without a file): the participants, then
    /// one row per message (`FROM ──▶ TO: TEXT`; `╌╌▶`, dashed, for an effect starting and for
    /// time travel) and per note (`  note over REACTOR: TEXT`), in order, each wrapped at a word
    /// to `width` columns with a hanging indent.
    func textView(width: Int) -> String {
        var lines = TextLayout.wrap(
            words: ordered.map { participants[$0].name + ($0 == ordered.last ? "" : ",") }, width: width,
            prefix: "participants: ", indent: 4)
        for item in items {
            switch item {
            case .message(let from, let to, let message, _):
                let arrow = item.isDashed ? " ╌╌▶ " : " ──▶ "
                let lead = participants[from].name + arrow + participants[to].name + ": "
                lines += TextLayout.wrap(message.visibleOnOneLine, width: width, prefix: lead, indent: 4)
            case .note(let over, let note):
                lines += TextLayout.wrap(
                    note.visibleOnOneLine, width: width, prefix: "  note over \(participants[over].name): ", indent: 6)
            }
        }
        return lines.joined(separator: "\n")
    }
}
