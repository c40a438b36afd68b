/// The report of a `test` run, script after script in their order: the `✓`/`✗`/`✎` lines and
/// diffs, the GitHub annotations, the counts and the JUnit cases.
@MainActor
struct GoldenReport {
    let update: Bool
    let shellName: String
    /// Whether failures are also written as GitHub Actions `::error` annotations.
    let annotates: Bool
    let sink: OutputSink
    private(set) var matched = 0
    private(set) var differ = 0
    private(set) var written = 0
    /// The exit status that stopped the run early (a script or golden file that cannot be used).
    private(set) var stopStatus: Int32?
    private(set) var junit = JUnitReport()

    init(update: Bool, shellName: String, annotates: Bool, sink: OutputSink) {
        self.update = update
        self.shellName = shellName
        self.annotates = annotates
        self.sink = sink
    }

    /// The closing line.
    var summary: String { update ? "\(written) written" : "\(matched) matched, \(differ) differ" }

    /// 0 when every output matched (or was written), else 1.
    var exitStatus: Int32 { differ > 0 && !update ? 1 : 0 }

    /// Reports what running `script` gave; false when the run must stop (see ``stopStatus``).
    mutating func add(_ script: String, _ outcome: TestWorkers.Outcome) -> Bool {
        if outcome.status == 2 {  // the script cannot be read, or --reactor names no entry: as for `run`
            for line in UnifiedDiff.lines(outcome.text) { sink.writeError(String(line)) }
            stopStatus = 2
            return false
        }
        let golden = GoldenScripts.goldenPath(of: script)
        let expected: String?
        switch GoldenScripts.expectedText(of: script) {
        case .success(let text): expected = text
        case .failure(let error):
            sink.writeError("\(shellName): cannot read '\(golden)': \(error)")
            stopStatus = 2
            return false
        }
        let actual = outcome.text
        if expected == actual {
            matched += 1
            sink.writeResult("✓ \(script)")
            junit.add(script: script, seconds: outcome.seconds, failure: nil)
            return true
        }
        differ += 1
        if update {
            if let failure = GoldenScripts.writeText(actual, to: golden) {
                sink.writeError("\(shellName): cannot write '\(golden)': \(failure)")
                stopStatus = 2
                return false
            }
            written += 1
            sink.writeResult("✎ \(script): \(expected == nil ? "wrote" : "updated") \(golden)")
            junit.add(script: script, seconds: outcome.seconds, failure: nil)
            return true
        }
        let headline = expected == nil
            ? "no golden file \(golden) (`\(shellName) test --update \(script)` writes it)"
            : "output differs from \(golden)"
        sink.writeResult("✗ \(script): \(headline)")
        let diff = UnifiedDiff.diff(expected ?? "", actual, oldName: golden, newName: script + " (actual output)")
        for line in UnifiedDiff.lines(diff) { sink.writeResult(String(line)) }
        if annotates {
            for annotation in GitHubAnnotation.failure(script: script, golden: golden, expected: expected, actual: actual) {
                sink.writeResult(annotation)
            }
        }
        junit.add(script: script, seconds: outcome.seconds, failure: (headline, diff))
        return true
    }
}
