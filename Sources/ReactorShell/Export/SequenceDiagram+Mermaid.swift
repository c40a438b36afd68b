import StateDiff

extension SequenceDiagram {
    /// The diagram as a Mermaid `sequenceDiagram` (`:diagram FILE.mmd`).
    var mermaid: String {
        var text = "sequenceDiagram\n"
        for index in ordered {
            let participant = participants[index]
            text += participant.kind == .person
                ? "    actor \(participant.id)\n" : "    participant \(participant.id) as \(Self.mermaidEscaped(participant.name))\n"
        }
        for item in items {
            switch item {
            case .message(let from, let to, let message, _):
                let arrow = item.isDashed ? "-->>" : "->>"
                text += "    \(participants[from].id)\(arrow)\(participants[to].id): \(Self.mermaidEscaped(message))\n"
            case .note(let over, let note):
                text += "    Note over \(participants[over].id): \(Self.mermaidEscaped(note))\n"
            }
        }
        return text
    }

    /// Text made safe for a Mermaid message or note: `#` and `;` as entity codes, one line, and
    /// the invisible controls that could reorder what an editor shows as `\u{…}` escapes.
    static func mermaidEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#": result += "#35;"
            case ";": result += "#59;"
            case "\n", "\r": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isInvisibleControl(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
