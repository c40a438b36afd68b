/// The sequence diagram as SVG (`:diagram FILE.svg`, `run --diagram FILE.svg`), drawn here with no
/// external tool: a box and a dashed lifeline per participant, an arrow per message (a loop for a
/// reactor's own mutation), a box per note. Each part carries a class (`participant`, `lifeline`,
/// `message action`, `message mutation`, `message event`, `message effect`, `message travel`,
/// `note`) and the names it joins (`data-participant`, `data-from`, `data-to`, `data-over`), so that
/// a page or a test can find them; a text cut to fit keeps its whole in a `<title>`.
extension SequenceDiagram {
    /// The SVG document.
    var svg: String {
        SVGLayout(self).document
    }
}

/// Where each part of a ``SequenceDiagram`` goes, and its SVG text.
private struct SVGLayout {
    static let margin = 20.0
    static let characterWidth = 7.2
    static let boxHeight = 30.0
    static let rowHeight = 34.0
    static let selfRowHeight = 46.0
    static let noteHeight = 24.0
    /// The longest text drawn whole; longer ones are cut with `…`.
    static let longestText = 72

    let diagram: SequenceDiagram
    /// The centre of each participant's lifeline, by index in `diagram.participants`.
    var centers: [Int: Double] = [:]
    var width = 0.0
    let spacing: Double

    init(_ diagram: SequenceDiagram) {
        self.diagram = diagram
        let longestName = diagram.participants.map(\.name.count).max() ?? 4
        let longestMessage = diagram.items.map { item -> Int in
            if case .message(let from, let to, let text, _) = item, from != to { return min(text.count, Self.longestText) }
            return 0
        }.max() ?? 0
        spacing = max(Double(longestName) * Self.characterWidth + 40, min(Double(longestMessage) * Self.characterWidth + 30, 420), 150)
        var x = Self.margin + spacing / 2
        for index in diagram.ordered {
            centers[index] = x
            x += spacing
        }
        let longestNote = diagram.items.map { item -> Int in
            if case .note(_, let text) = item { return min(text.count, Self.longestText) }
            if case .message(let from, let to, let text, _) = item, from == to { return min(text.count, Self.longestText) + 6 }
            return 0
        }.max() ?? 0
        width = max(x - spacing / 2 + Self.margin, x - spacing + Double(longestNote) * Self.characterWidth + 2 * Self.margin)
    }

    var document: String {
        var body: [String] = []
        var y = Self.margin + Self.boxHeight + 24
        for item in diagram.items {
            switch item {
            case .message(let from, let to, let text, let kind):
                let x1 = centers[from] ?? 0, x2 = centers[to] ?? 0
                let attributes = "class=\"message \(kind)\" data-from=\"\(Self.escaped(diagram.participants[from].name))\" data-to=\"\(Self.escaped(diagram.participants[to].name))\""
                let dash = item.isDashed ? " stroke-dasharray=\"5 4\"" : ""
                let (shown, title) = Self.fitted(text)
                if from == to {
                    let path = "M \(Self.number(x1)) \(Self.number(y)) h 30 v 14 h -30"
                    body.append("""
                      <g \(attributes)>\(title)<path d="\(path)" fill="none" stroke="#333"\(dash) marker-end="url(#arrow)"/><text x="\(Self.number(x1 + 36))" y="\(Self.number(y + 11))">\(shown)</text></g>
                    """)
                    y += Self.selfRowHeight
                } else {
                    let end = x2 > x1 ? x2 - 2 : x2 + 2
                    body.append("""
                      <g \(attributes)>\(title)<line x1="\(Self.number(x1))" y1="\(Self.number(y))" x2="\(Self.number(end))" y2="\(Self.number(y))" stroke="#333"\(dash) marker-end="url(#arrow)"/><text x="\(Self.number(min(x1, x2) + 8))" y="\(Self.number(y - 6))">\(shown)</text></g>
                    """)
                    y += Self.rowHeight
                }
            case .note(let over, let text):
                let center = centers[over] ?? 0
                let (shown, title) = Self.fitted(text)
                let noteWidth = Double(min(text.count, Self.longestText) + 2) * Self.characterWidth
                let left = max(Self.margin / 2, center - noteWidth / 2)
                body.append("""
                  <g class="note" data-over="\(Self.escaped(diagram.participants[over].name))">\(title)<rect x="\(Self.number(left))" y="\(Self.number(y - 14))" width="\(Self.number(noteWidth))" height="\(Self.number(Self.noteHeight - 4))" fill="#fff8c4" stroke="#b8a600"/><text x="\(Self.number(left + Self.characterWidth))" y="\(Self.number(y + 1))">\(shown)</text></g>
                """)
                y += Self.noteHeight + 6
            }
        }
        let height = y + Self.margin
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"ui-monospace, monospace\" font-size=\"12\">",
            "  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#333\"/></marker></defs>",
            "  <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>",
        ]
        for index in diagram.ordered {
            let participant = diagram.participants[index]
            let center = centers[index] ?? 0
            let name = Self.escaped(participant.name)
            let boxWidth = spacing - 20
            let fill = participant.kind == .reactor ? "#dbe9ff" : participant.kind == .person ? "#eeeeee" : "#e6f5e6"
            lines.append("""
              <g class="participant" data-participant="\(name)" data-kind="\(participant.kind)"><rect x="\(Self.number(center - boxWidth / 2))" y="\(Self.number(Self.margin))" width="\(Self.number(boxWidth))" height="\(Self.number(Self.boxHeight))" rx="4" fill="\(fill)" stroke="#333"/><text x="\(Self.number(center))" y="\(Self.number(Self.margin + 19))" text-anchor="middle">\(name)</text></g>
            """)
            lines.append("""
              <line class="lifeline" data-participant="\(name)" x1="\(Self.number(center))" y1="\(Self.number(Self.margin + Self.boxHeight))" x2="\(Self.number(center))" y2="\(Self.number(height - Self.margin / 2))" stroke="#999" stroke-dasharray="4 4"/>
            """)
        }
        return (lines + body + ["</svg>"]).joined(separator: "\n") + "\n"
    }

    /// The text as drawn (cut to ``longestText`` with `…`) and, when cut, a `<title>` with all of it.
    static func fitted(_ text: String) -> (shown: String, title: String) {
        let visible = text.visibleOnOneLine
        guard visible.count > longestText else { return (escaped(visible), "") }
        return (escaped(visible.prefix(longestText - 1) + "…"), "<title>\(escaped(visible))</title>")
    }

    /// `text` safe in XML character data and attribute values.
    static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A coordinate, with at most one decimal.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
