/// The meta commands in groups, for the short `:help` page and `:help GROUP` (SPEC §9.1).
public struct MetaCommandGroup: Sendable, Hashable {
    /// The group's name, typed after `:help` (`:help time`); no command has it as its name.
    public var name: String
    /// What the group's commands are for, in a few words.
    public var summary: String
    /// The commands, with their colons, in the order `:help GROUP` lists them.
    public var commands: [String]

    /// Every group, in the order the `:help` page lists them; each meta command is in one.
    public static let all: [MetaCommandGroup] = [
        MetaCommandGroup(name: "inspect", summary: "look at the state, check it",
                         commands: [":state", ":expect", ":watch", ":unwatch", ":break", ":unbreak", ":explore"]),
        MetaCommandGroup(name: "time", summary: "effects, the clock, the log, time travel",
                         commands: [":wait", ":advance", ":sleep", ":history", ":undo", ":redo", ":jump", ":reset"]),
        MetaCommandGroup(name: "scene", summary: "the registry and the reactors",
                         commands: [":reactors", ":use", ":focus", ":actions"]),
        MetaCommandGroup(name: "files", summary: "scripts, tests, transcripts, diagrams, the live view",
                         commands: [":load", ":save", ":diagram", ":serve"]),
        MetaCommandGroup(name: "room", summary: "for a class or a demo",
                         commands: [":pause", ":clear", ":set"]),
        MetaCommandGroup(name: "shell", summary: "help, leaving",
                         commands: [":help", ":quit", ":exit"]),
    ]

    /// The group named `name`, if any.
    public static func named(_ name: String) -> MetaCommandGroup? {
        all.first { $0.name == name }
    }

    /// `:help GROUP`: each command's usage and summary, aligned; a summary too long for `width`
    /// columns (nil: any) goes on under itself.
    func listing(width: Int?) -> String {
        let entries = commands.compactMap(MetaCommandHelp.entry(named:))
        let column = (entries.map(\.usage.count).max() ?? 0) + 4
        let lines = entries.flatMap { entry in
            TextLayout.wrap(entry.summary, width: width ?? Int.max, prefix: "  " + entry.usage.padded(to: column - 2), indent: column)
        }
        return (["\(name): \(summary) (:help :COMMAND for one)"] + lines).joined(separator: "\n")
    }
}
