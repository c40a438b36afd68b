/// The documentation of one meta command: its usage line, a one-line summary and a longer text.
public struct MetaCommandHelp: Sendable, Hashable {
    /// The name with its colon, e.g. `:expect`.
    public var name: String
    /// The usage, e.g. `:expect PATH OP VALUE`.
    public var usage: String
    /// One line saying what it does.
    public var summary: String
    /// A few lines with details and examples (shown by `:help :expect`).
    public var details: String

    /// Creates a help entry.
    public init(name: String, usage: String, summary: String, details: String) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.details = details
    }

    /// The text of `:help NAME`: usage and summary, then the details.
    public var fullText: String { "\(usage)\n  \(summary)\n\n\(details)" }

    /// Every meta command, in the order `:help` lists them.
    public static let all: [MetaCommandHelp] = MetaCommandHelpTexts.entries

    /// The names of every meta command, with their colons.
    public static let names: [String] = all.map(\.name)

    /// The entry for `name`, written with or without its colon (`:expect`, `expect`).
    public static func entry(named name: String) -> MetaCommandHelp? {
        let wanted = name.hasPrefix(":") ? name : ":" + name
        return all.first { $0.name == wanted }
    }

    /// The text of a bare `:help`: one line per meta command, aligned.
    public static var overview: String {
        let width = all.map(\.usage.count).max() ?? 0
        var lines = ["Meta commands:"]
        for entry in all {
            lines.append("  " + entry.usage + String(repeating: " ", count: width - entry.usage.count + 2) + entry.summary)
        }
        return lines.joined(separator: "\n")
    }

    /// The settings `:set` accepts, with their allowed values, in order.
    public static let settings: [(name: String, values: [String])] = [
        ("diff", ["on", "off"]),
        ("format", MetaCommand.Setting.Format.allCases.map(\.rawValue)),
        ("trace", ["on", "off"]),
        ("color", MetaCommand.Setting.Color.allCases.map(\.rawValue)),
    ]
}
