@testable import ReactorShell

/// Parses `line` as line 4 of `script.rsh`.
func parse(_ line: String) throws(Diagnostic) -> ParsedLine {
    try ScriptParser.parse(line, origin: LineOrigin(source: "script.rsh", line: 4))
}

/// The diagnostic `line` produces, or nil when it parses.
func parseError(_ line: String) -> Diagnostic? {
    do {
        _ = try parse(line)
        return nil
    } catch {
        return error
    }
}

/// The action invocation of `line` (nil when it is not an action line).
func action(_ line: String) throws -> ActionInvocation? {
    guard case .action(let invocation) = try parse(line) else { return nil }
    return invocation
}

/// The meta command of `line` (nil when it is not a meta line).
func meta(_ line: String) throws -> MetaCommand? {
    guard case .meta(let invocation) = try parse(line) else { return nil }
    return invocation.command
}
