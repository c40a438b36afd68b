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

    /// Runs `scripts`, prints a line per script (and a diff for each that differs) and the closing
    /// `N matched, N differ` (with `update`, `N written`); returns the exit status (0, 1, or 2 for an unusable script or
    /// golden file).
    @MainActor
    static func run(
        _ scripts: [String], registry: Registry, configuration: ShellConfiguration, update: Bool, sink: OutputSink
    ) async -> Int32 {
        let name = configuration.identity.name
        var matched = 0, differ = 0
        for script in scripts {
            let (actual, status) = await output(of: script, registry: registry, configuration: configuration)
            if status == 2 {  // the script cannot be read, or --reactor names no entry: as for `run`
                for line in UnifiedDiff.lines(actual) { sink.writeError(String(line)) }
                return 2
            }
            let golden = goldenPath(of: script)
            let expected: String?
            switch readText(golden) {
            case .success(let text): expected = text
            case .failure(let error) where error.code == ENOENT: expected = nil
            case .failure(let error):
                sink.writeError("\(name): cannot read '\(golden)': \(error)")
                return 2
            }
            if expected == actual {
                matched += 1
                sink.writeResult("✓ \(script)")
                continue
            }
            differ += 1
            if update {
                if let failure = writeText(actual, to: golden) {
                    sink.writeError("\(name): cannot write '\(golden)': \(failure)")
                    return 2
                }
                sink.writeResult("✎ \(script): \(expected == nil ? "wrote" : "updated") \(golden)")
                continue
            }
            if expected == nil {
                sink.writeResult("✗ \(script): no golden file \(golden) (`\(name) test --update \(script)` writes it)")
            } else {
                sink.writeResult("✗ \(script): output differs from \(golden)")
            }
            let diff = UnifiedDiff.diff(expected ?? "", actual, oldName: golden, newName: script + " (actual output)")
            for line in UnifiedDiff.lines(diff) { sink.writeResult(String(line)) }
        }
        // With --update every file that differed was written.
        sink.writeResult(update ? "\(differ) written" : "\(matched) matched, \(differ) differ")
        sink.flush()
        return differ > 0 && !update ? 1 : 0
    }

    private static func readText(_ path: String) -> Result<String, POSIXError> {
        switch POSIXIO.openForReading(path) {
        case .failure(let error): return .failure(error)
        case .success(let descriptor):
            defer { POSIXIO.closeFile(descriptor) }
            return POSIXIO.readAll(descriptor).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    private static func writeText(_ text: String, to path: String) -> POSIXError? {
        switch POSIXIO.createForWriting(path, mode: 0o644) {
        case .failure(let error): return error
        case .success(let descriptor):
            defer { POSIXIO.closeFile(descriptor) }
            return POSIXIO.writeAll(text, to: descriptor)
        }
    }
}
