/// `reactor-shell test`: each script runs alone, as `run` would run it, with its output captured
/// and compared with the golden file beside it (or written there with `--update`).
enum GoldenScripts {
    /// The golden file of `script`: `a.rsh` → `a.out`, any other name + `.out`.
    static func goldenPath(of script: String) -> String {
        script.hasSuffix(".rsh") ? String(script.dropLast(4)) + ".out" : script + ".out"
    }

    /// What running `script` alone writes, results and errors in order, and its exit status.
    @MainActor
    static func output(of script: String, registry: Registry, configuration: ShellConfiguration) async -> (text: String, status: Int32) {
        var text = ""
        let capture = OutputSink()
        capture.interceptor = { text += $0 + "\n" }
        capture.errorInterceptor = { text += $0 + "\n" }
        let status = await ReactorShellMain.runBatch(
            registry: registry, configuration: configuration.forGoldenComparison, files: [script], sink: capture)
        capture.flush()
        return (text, status)
    }

    /// The environment variable that makes a `test` process a worker of a parallel run: it runs
    /// the scripts its parent sends, one after another (see ``TestWorker``).
    static let workerVariable = "REACTOR_SHELL_TEST_WORKER"

    /// Runs the scripts `request` names (directories searched for `*.rsh`; one shard of them),
    /// `request.jobs` at a time in worker processes started with this program's `arguments`;
    /// prints a line per script (and a diff for each that differs), in the scripts' order, and
    /// the closing `N matched, N differ` (with `update`, `N written`); writes the JUnit report if
    /// asked. Returns the exit status (0, 1, or 2 for an unusable path, script or golden file).
    @MainActor
    static func run(
        _ request: TestRequest, registry: Registry, configuration: ShellConfiguration, arguments: [String], sink: OutputSink
    ) async -> Int32 {
        if configuration.environment[workerVariable] != nil {
            return await TestWorkerLoop.serve(registry: registry, configuration: configuration)
        }
        let name = configuration.identity.name
        var scripts: [String]
        switch ScriptFileSearch.scripts(in: request.paths) {
        case .success(let found): scripts = found
        case .failure(let error):
            sink.writeError("\(name): \(error)")
            return 2
        }
        if let shard = request.shard { scripts = shard.slice(of: scripts) }
        var report = GoldenReport(
            update: request.update, shellName: name, annotates: configuration.environment["GITHUB_ACTIONS"] == "true", sink: sink)
        if request.jobs > 1, scripts.count > 1, let executable = ChildProcess.currentExecutable {
            TestWorkers.run(
                scripts, jobs: request.jobs, executable: executable, arguments: arguments, environment: configuration.environment
            ) { index, outcome in
                report.add(scripts[index], outcome)
            }
        } else {
            for script in scripts {
                let started = ContinuousClock.now
                let (text, status) = await output(of: script, registry: registry, configuration: configuration)
                let elapsed = ContinuousClock.now - started
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                if !report.add(script, TestWorkers.Outcome(text: text, status: status, seconds: seconds)) { break }
            }
        }
        if let stop = report.stopStatus {
            sink.flush()
            return stop
        }
        sink.writeResult(report.summary)
        sink.flush()
        if let file = request.junitFile, let failure = writeText(report.junit.xml, to: file) {
            sink.writeError("\(name): cannot write '\(file)': \(failure)")
            return 2
        }
        return report.exitStatus
    }

    /// The most of a golden file that is read: a golden file is a script's text output.
    static let goldenFileLimit = 64 << 20

    /// The golden text of `script`: nil when there is no golden file, or the error that stops the
    /// run (a golden file must be a regular file of at most ``goldenFileLimit`` bytes).
    static func expectedText(of script: String) -> Result<String?, FileAccessError> {
        BoundedFile.read(goldenPath(of: script), limit: goldenFileLimit).map { contents in
            switch contents {
            case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
            case .missing: nil
            }
        }
    }

    /// Writes `text` to `path` through a temporary file renamed into place (see ``FileReplacement``).
    static func writeText(_ text: String, to path: String) -> FileAccessError? {
        FileReplacement.write(text, to: path)
    }
}
