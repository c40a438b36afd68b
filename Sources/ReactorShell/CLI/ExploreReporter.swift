#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of `explore` that run an exploration (here or in a child process) and report it:
/// the closing line, the script file, the exit status.
@MainActor
struct ExploreReporter {
    let registry: Registry
    let configuration: ShellConfiguration
    let request: ExploreRequest
    let seed: UInt64
    let sink: OutputSink

    private var name: String { configuration.identity.name }

    private var settings: ExploreSettings {
        ExploreSettings(
            reactor: request.reactor, runs: request.runs, steps: request.steps, seed: seed,
            invariants: request.invariants.map(ExploreInvariant.expect), allowsErrors: request.allowsErrors)
    }

    private func makeSetup() -> Result<ExploreSetup, ExploreSetupError> {
        Result { () throws(ExploreSetupError) in
            try ExploreSetup(
                registry: registry, entry: request.reactor, configuration: configuration,
                invariants: settings.invariants, allowsErrors: request.allowsErrors)
        }
    }

    /// The whole exploration in this process; `beforeRun` is told each run's number.
    func exploreHere(beforeRun: ((Int) -> Void)? = nil) async -> Int32 {
        do {
            let report = try await Explorer.explore(
                registry: registry, configuration: configuration, settings: settings, beforeRun: beforeRun)
            return finish(report)
        } catch {
            return usageError(error)
        }
    }

    /// Run `run` again, telling `onStep` each step before it runs (a trap then ends this process).
    func regenerate(run: Int, onStep: @escaping (ExploreStep) -> Void) async -> Int32 {
        switch makeSetup() {
        case .failure(let error): return usageError(error)
        case .success(let setup):
            _ = await Explorer.generate(setup, seed: seed, run: run, steps: request.steps, onStep: onStep)
            return 0
        }
    }

    /// Runs the lines of `file` as steps (a candidate of a trap's shrinking).
    func replayHere(file: String) async -> Int32 {
        guard case .success(let setup) = makeSetup(),
              case .success(let descriptor) = POSIXIO.openForReading(file),
              case .success(let bytes) = POSIXIO.readAll(descriptor)
        else { return 2 }
        POSIXIO.closeFile(descriptor)
        let attempt = ExploreAttempt(setup)
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        for (index, line) in lines.enumerated() {
            if case .failed = await attempt.run(line: line, number: index + 1) { return 1 }
        }
        return 0
    }

    /// A child trapped with `signal` in run `run`: its steps are found again in a child, shrunk
    /// with each candidate replayed in a child, and reported. `runChild` runs a quiet child in a
    /// role and returns how it ended and the lines it wrote.
    func shrinkTrap(
        signal: Int32, run: Int, runChild: @escaping (String, Bool) -> (ChildProcess.Ending, [String])
    ) async -> Int32 {
        let setup: ExploreSetup
        switch makeSetup() {
        case .failure(let error): return usageError(error)
        case .success(let made): setup = made
        }
        let (ending, lines) = runChild("steps \(run)", true)
        let steps = lines.enumerated().compactMap { setup.step(parsing: $1, origin: $0) }
        guard ending == .signaled(signal), steps.count == lines.count, !steps.isEmpty else {
            sink.writeError("\(name) explore: run \(run + 1) trapped (signal \(signal)), but not again when it was run once more")
            return 1
        }
        let candidateFile = temporaryPath()
        defer { unlink(candidateFile) }
        let finding = await Explorer.shrink(
            setup, steps: steps, failure: .trap(signal: signal), failedOrigins: [], run: run + 1, seed: seed
        ) { candidate in
            let text = candidate.map(\.line).joined(separator: "\n") + "\n"
            guard case .success(let descriptor) = POSIXIO.createForWriting(candidateFile, mode: 0o600) else {
                return ReplayResult(failure: nil, stepsRun: 0, failedOrigins: [])
            }
            _ = POSIXIO.writeAll(text, to: descriptor)
            POSIXIO.closeFile(descriptor)
            let (ending, _) = runChild("replay \(candidateFile)", true)
            guard case .signaled(let found) = ending else { return ReplayResult(failure: nil, stepsRun: candidate.count, failedOrigins: []) }
            return ReplayResult(failure: .trap(signal: found), stepsRun: candidate.count, failedOrigins: [])
        }
        return finish(ExploreReport(runs: run + 1, steps: 0, finding: finding))
    }

    /// Prints the outcome (and writes the script of a finding); returns the exit status.
    func finish(_ report: ExploreReport) -> Int32 {
        guard let finding = report.finding else {
            sink.writeResult("\(report.runs) runs, \(report.steps) steps, all invariants held")
            sink.flush()
            return 0
        }
        let file = request.outputFile ?? "explore-\(request.reactor ?? registry.entries.first?.name ?? "reactor").rsh"
        sink.writeResult("✗ " + finding.failure.summary)
        for line in finding.script.split(separator: "\n") where !line.hasPrefix("#") { sink.writeResult("  " + line) }
        var written = "wrote \(file)"
        switch POSIXIO.createForWriting(file, mode: 0o644) {
        case .success(let descriptor):
            if let error = POSIXIO.writeAll(finding.script, to: descriptor) { written = "could not write \(file): \(error)" }
            POSIXIO.closeFile(descriptor)
        case .failure(let error):
            written = "could not write \(file): \(error)"
        }
        sink.writeResult("found after \(report.runs) runs; shrunk from \(finding.originalStepCount) to \(finding.steps.count) lines; \(written)")
        sink.flush()
        return 1
    }

    private func usageError(_ error: ExploreSetupError) -> Int32 {
        sink.writeError("\(name) explore: \(error.message)")
        return 2
    }

    private func temporaryPath() -> String {
        let directory = configuration.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(directory)/\(name)-explore-\(getpid()).rsh"
    }
}
