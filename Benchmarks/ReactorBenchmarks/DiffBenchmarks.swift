/// StateDiff cases (filled in with the diff engine).
@MainActor func runDiffBenchmarks() {}
