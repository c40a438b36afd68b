// reactor-benchmarks [FILTER] — run in release mode: swift run -c release reactor-benchmarks
// Each suite lives in its own file and prints one line per case.
print("reactor-benchmarks (release build expected; medians of 9 runs)")
runCoreBenchmarks()
await runCoreAsyncBenchmarks()
runDiffBenchmarks()
