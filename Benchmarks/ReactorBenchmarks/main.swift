// reactor-benchmarks [FILTER] — run in release mode: swift run -c release reactor-benchmarks
// Each suite lives in its own file and prints one line per case.
//
// reactor-benchmarks --loop CASE COUNT — runs one StateDiff operation COUNT times and nothing
// else, for instruction counts under callgrind (see DiffBenchmarks.swift for the cases).
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--loop" {
    runDiffLoop(CommandLine.arguments[2], count: Int(CommandLine.arguments[3]) ?? 0)
} else {
    print("reactor-benchmarks (release build expected; medians of 9 runs)")
    runCoreBenchmarks()
    await runCoreAsyncBenchmarks()
    runDiffBenchmarks()
}
