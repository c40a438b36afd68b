import ReactorCore
@testable import ReactorShell
import BuiltinReactors

/// What must hold for any line of the language, whatever its bytes:
/// - the parser returns a line or a diagnostic (it never traps), and the diagnostic names the line's
///   origin and a column inside the line (1 … characters + 1);
/// - the shell's per-line path (from the line's bytes) resolves and binds an action as the public
///   entry points do (the same command and arguments, or the same diagnostic);
/// - an action resolved against every reactor of the built-in scenes either fails with a diagnostic or
///   binds; bound arguments written back by ``ScriptFormatter`` (as `:save` does) parse, resolve and
///   bind again to the same line.
@MainActor
public final class LanguageCheck {
    /// One instance for the process: the command tables are built once.
    public static let shared = LanguageCheck()

    /// The command tables of every built-in scene.
    let scenes: [[ReactorCommandTable]]
    let origin = LineOrigin(source: "fuzz.rsh", line: 7)

    init() {
        let context = SceneContext(scheduler: Scheduler.virtual(), configuration: ShellConfiguration())
        scenes = Registry.builtins.entries.map { entry in entry.makeScene(context).reactors.map(\.commandTable) }
    }

    /// Checks `line` (one line: no `\n`).
    public func check(_ line: String) {
        let parsed: ParsedLine
        do {
            parsed = try ScriptParser.parse(line, origin: origin)
        } catch {
            checkDiagnostic(error, line: line)
            return
        }
        if case .action(let invocation) = parsed { checkAction(invocation, line: line) }
    }

    private func checkDiagnostic(_ diagnostic: Diagnostic, line: String) {
        guard diagnostic.source == origin.source, diagnostic.line == origin.line else {
            fuzzFailure("the diagnostic names another line: \(diagnostic)", line: line)
        }
        guard (1...line.count + 1).contains(diagnostic.column) else {
            fuzzFailure("the diagnostic's column is outside the line: \(diagnostic)", line: line)
        }
    }

    private func checkAction(_ invocation: ActionInvocation, line: String) {
        for tables in scenes {
            for focused in tables {
                let focus = tables.firstIndex { $0.name == focused.name }!
                let fromBytes = bindFromBytes(line, tables: tables, focus: focus)
                let resolved: ResolvedAction
                let arguments: CommandArguments
                do {
                    resolved = try ActionResolver.resolve(invocation, focused: focused.name, reactors: tables)
                    arguments = try resolved.signature.bind(invocation)
                } catch {
                    checkDiagnostic(error, line: line)
                    guard case .failure(error) = fromBytes else {
                        fuzzFailure("the per-line path gives \(fromBytes), the public one \(error)", line: line)
                    }
                    continue
                }
                guard case .success(let bound) = fromBytes, bound.reactor == resolved.reactorIndex,
                      bound.command == resolved.commandIndex, bound.arguments == arguments else {
                    fuzzFailure("the per-line path gives \(fromBytes), the public one \(arguments)", line: line)
                }
                checkRoundTrip(resolved, arguments, focused: focused.name, tables: tables, line: line)
            }
        }
    }

    /// The action of `line` resolved and bound as the shell's per-line path does, from its bytes.
    private func bindFromBytes(_ line: String, tables: [ReactorCommandTable], focus: Int) -> Result<BoundAction, Diagnostic> {
        withBytes(of: line) { bytes in
            Result { () throws(Diagnostic) -> BoundAction in
                var arguments: [ParsedArgument] = []
                guard case .action(let action) = try ScriptParser.parse(bytes, origin: origin, arguments: &arguments) else {
                    fuzzFailure("the per-line path does not read an action", line: line)
                }
                return try SceneCommands(tables).bind(action, in: bytes, arguments: arguments, origin: origin, focus: focus)
            }
        }
    }

    /// The line `:save` would write for the action must mean the same action.
    private func checkRoundTrip(
        _ resolved: ResolvedAction, _ arguments: CommandArguments, focused: String, tables: [ReactorCommandTable], line: String
    ) {
        let prefix = resolved.reactorName == focused ? nil : resolved.reactorName
        let written = ScriptFormatter.actionLine(reactor: prefix, command: resolved.signature.name, arguments: arguments)
        do {
            guard case .action(let again) = try ScriptParser.parse(written, origin: origin) else {
                fuzzFailure("the written line \(written.debugDescription) is not an action", line: line)
            }
            let resolvedAgain = try ActionResolver.resolve(again, focused: focused, reactors: tables)
            let rewritten = ScriptFormatter.actionLine(
                reactor: prefix, command: resolvedAgain.signature.name, arguments: try resolvedAgain.signature.bind(again))
            guard rewritten == written, resolvedAgain.reactorIndex == resolved.reactorIndex,
                  resolvedAgain.commandIndex == resolved.commandIndex else {
                fuzzFailure("the written line \(written.debugDescription) reads back as \(rewritten.debugDescription)", line: line)
            }
        } catch {
            fuzzFailure("the written line \(written.debugDescription) fails: \(error)", line: line)
        }
    }
}
