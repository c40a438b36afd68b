#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reactor-shell explore`: the exploration runs in a child process of this same program, so that
/// a reactor that traps ends only that process; the parent then finds the trapping sequence
/// again (in another child) and shrinks it, each candidate replayed in a child of its own.
///
/// The child's role is in the environment variable ``childVariable``: `explore` (the whole
/// exploration, each run's number written to descriptor 3 as it starts), `steps K` (run K again,
/// each line written to descriptor 3 before it runs) or `replay FILE` (the lines of FILE).
@MainActor
enum ExploreMain {
    static let childVariable = "REACTOR_SHELL_EXPLORE_CHILD"

    /// True in the shell's own program (``ReactorShellMain``), whose executable can be started
    /// again as a child; false where a session lives in another program (a test).
    static var runsInChildProcesses = false

    /// Runs `explore` as `request` asks; `arguments` is the whole command line, which a child
    /// gets again. Returns the exit status.
    static func run(
        registry: Registry, configuration: ShellConfiguration, request: ExploreRequest, arguments: [String], sink: OutputSink
    ) async -> Int32 {
        let role = configuration.environment[childVariable]
        if role != nil { ProcessSignals.removeCrashReport() }
        let seed = request.seed ?? ExploreRandom.freshSeed()
        let explorer = ExploreReporter(registry: registry, configuration: configuration, request: request, seed: seed, sink: sink)
        switch role?.split(separator: " ", maxSplits: 1).map(String.init) {
        case ["explore"]?:
            return await explorer.exploreHere { run in writeLine("\(run)", to: 3) }
        case let fields? where fields.count == 2 && fields[0] == "steps":
            return await explorer.regenerate(run: Int(fields[1]) ?? 0) { step in writeLine(step.line, to: 3) }
        case let fields? where fields.count == 2 && fields[0] == "replay":
            return await explorer.replayHere(file: fields[1])
        default:
            break
        }
        if request.seed == nil {
            sink.writeError("\(configuration.identity.name) explore: seed \(seed) (the same --seed repeats this exploration)")
        }
        guard let executable = ChildProcess.currentExecutable else { return await explorer.exploreHere() }
        let childArguments = request.seed == nil ? arguments + ["--seed", "\(seed)"] : arguments
        let (ending, lastRun) = runChild(executable, arguments: childArguments, role: "explore", environment: configuration.environment)
        guard case .signaled(let signal) = ending else {
            if case .exited(let status) = ending { return status }
            return 1
        }
        return await explorer.shrinkTrap(signal: signal, run: Int(lastRun.last ?? "0") ?? 0) { role, input in
            runChild(executable, arguments: childArguments, role: role, environment: configuration.environment, quiet: input)
        }
    }

    /// Runs this program as a child in `role` and collects the lines it writes to descriptor 3;
    /// `quiet` children have no output at all.
    static func runChild(
        _ executable: String, arguments: [String], role: String, environment: [String: String], quiet: Bool = false
    ) -> (ChildProcess.Ending, [String]) {
        var environment = environment
        environment[childVariable] = role
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a trap ends the child at once, quietly
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (.exited(127), []) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        let nowhere = quiet ? open("/dev/null", O_RDWR | O_CLOEXEC) : -1
        defer { if nowhere >= 0 { close(nowhere) } }
        let spawned = ChildProcess.spawn(
            executable, arguments: arguments, environment: environment,
            output: quiet ? nowhere : 1, errors: quiet ? nowhere : 2, extra: ends[1])
        close(ends[1])
        defer { close(ends[0]) }
        guard case .success(let pid) = spawned else { return (.exited(127), []) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { bytes += buffer[..<count]; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
        return (ChildProcess.wait(for: pid), lines)
    }

    /// Writes `text` and a newline to `descriptor` at once (the parent reads it even if this
    /// process dies right after).
    private static func writeLine(_ text: String, to descriptor: Int32) {
        _ = POSIXIO.writeAll(text + "\n", to: descriptor)
    }
}
