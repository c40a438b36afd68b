@testable import ReactorShell

enum ScoreAction: Equatable {
    case homeScore
    case setScore(home: Int, away: Int)
    case add(count: Int)
    case tune(ratio: Double, loud: Bool?)
    case updateQuery(String?)
    case rename(String)
}

let scoreCommands: [ActionCommand<ScoreAction>] = [
    ActionCommand("homeScore", doc: "One point for home.") { _ in .homeScore },
    ActionCommand("setScore", doc: "Sets both scores.", parameters: [.int("home"), .int("away")]) { args in
        .setScore(home: try args.int("home"), away: try args.int("away"))
    },
    ActionCommand("add", doc: "Adds points.", parameters: [.int("count", default: 1)]) { args in .add(count: try args.int("count")) },
    ActionCommand("tune", parameters: [.double("ratio"), .optionalBool("loud", default: nil)]) { args in
        .tune(ratio: try args.double("ratio"), loud: try args.optionalBool("loud"))
    },
    ActionCommand("updateQuery", doc: "Searches.", parameters: [.optionalString("query")]) { args in .updateQuery(try args.optionalString("query")) },
    ActionCommand("rename", parameters: [.string("name")]) { args in .rename(try args.string("name")) },
]

/// Parses `line` and builds its action with `scoreCommands`.
func build(_ line: String) throws -> ScoreAction {
    guard case .action(let invocation) = try ScriptParser.parse(line, origin: LineOrigin(source: "script.rsh", line: 4)) else {
        throw Diagnostic(source: "test", line: 0, column: 0, message: "not an action line")
    }
    guard let command = scoreCommands.first(where: { $0.name == invocation.name.text }) else {
        throw Diagnostic(source: "test", line: 0, column: 0, message: "no such command")
    }
    return try command.makeAction(invocation).action
}

/// The diagnostic building `line` produces, or nil.
func buildError(_ line: String) -> Diagnostic? {
    do {
        _ = try build(line)
        return nil
    } catch let error as Diagnostic {
        return error
    } catch {
        return Diagnostic(source: "unexpected", line: 0, column: 0, message: "\(error)")
    }
}
