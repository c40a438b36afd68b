// reactor-benchmarks [FILTER] — run in release mode: swift run -c release reactor-benchmarks
// Each suite lives in its own file and prints one line per case.
//
// reactor-benchmarks --loop CASE COUNT — runs one StateDiff operation COUNT times and nothing
// else, for instruction counts under callgrind (see DiffBenchmarks.swift for the cases).
import ArgumentParser

/// The command line, declared for `--help` and for `swift package generate-manual`, which runs
/// every executable of the package with `--experimental-dump-help`. The arguments themselves are
/// read below, without parsing, as before.
struct BenchmarksCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reactor-benchmarks",
        abstract: "Micro benchmarks of the reactor runtime and the state diff (run a release build).",
        discussion: """
            Prints one line per case: the median time per operation of 9 runs, operations per \
            second and the ratio to the plain reduce loop. See docs/performance.md.
            """)

    @Argument(help: "Run only the cases whose name contains this text (e.g. core, diff, \"sync dispatch\").")
    var filter: String?

    @Option(name: .customLong("loop"), parsing: .upToNextOption,
            help: ArgumentHelp("Run one StateDiff operation COUNT times and nothing else (for callgrind).",
                               valueName: "case count"))
    var loop: [String] = []
}

if let first = CommandLine.arguments.dropFirst().first, ["-h", "--help", "--experimental-dump-help"].contains(first) {
    BenchmarksCommandLine.main()
}

if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--loop" {
    runDiffLoop(CommandLine.arguments[2], count: Int(CommandLine.arguments[3]) ?? 0)
} else {
    print("reactor-benchmarks (release build expected; medians of 9 runs)")
    runCoreBenchmarks()
    runStateSizeBenchmarks()
    await runCoreAsyncBenchmarks()
    runDiffBenchmarks()
}
