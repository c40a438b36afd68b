import Foundation
import ReactorShell
import BuiltinReactors

/// Runs fuzzed scripts against the built-in registry in-process, the way `reactor-shell run` does
/// (batch session, virtual clock): every line must end in success, failure or quit, never a trap.
///
/// Lines that would make one input slow or touch the file system are left out: `:load` and `:save`
/// (files), `:sleep` over 1 ms (wall time), `:wait` and `:advance` over an hour of virtual time.
/// `:quit` and `:exit` end the input.
@MainActor
public enum RunnerCheck {
    /// The most lines of one input that are run.
    nonisolated public static let lineLimit = 64
    /// The longest virtual wait or advance run.
    static let virtualLimit = Duration.seconds(3_600)
    /// The longest `:sleep` run.
    static let sleepLimit = Duration.milliseconds(1)

    /// Runs `lines` on a fresh session and returns the number of lines it printed.
    @discardableResult
    public static func run(_ lines: [String]) -> Int {
        let sink = OutputSink()
        let printed = Counter()
        sink.interceptor = { _ in printed.value += 1 }
        sink.errorInterceptor = { _ in printed.value += 1 }
        let session = ShellSession(registry: .builtins, configuration: ShellConfiguration(), sink: sink, interactive: false)
        let done = Counter()
        Task.immediate { @MainActor in
            var number = 0
            for line in lines {
                number += 1
                guard let admitted = admit(line) else { break }
                guard admitted else { continue }
                let outcome = await session.execute(line: line, origin: LineOrigin(source: "fuzz.rsh", line: number), waitAfterAction: true)
                if case .quit = outcome { break }
            }
            done.value = 1
        }
        // Lines whose effects suspend resume through the main queue, which the run loop serves.
        while done.value == 0 { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        return printed.value
    }

    /// Whether to run `line`: true, false to skip it, nil to end the input (`:quit`, `:exit`).
    static func admit(_ line: String) -> Bool? {
        guard case .meta(let invocation)? = try? ScriptParser.parse(line) else { return true }
        switch invocation.command {
        case .load, .save: return false
        case .quit, .exit: return nil
        case .sleep(let duration): return duration <= sleepLimit
        case .advance(let duration): return duration <= virtualLimit
        case .wait(let limit): return (limit ?? .zero) <= virtualLimit
        default: return true
        }
    }
}

/// A count shared with the closures of one run.
@MainActor
final class Counter {
    var value = 0
}
