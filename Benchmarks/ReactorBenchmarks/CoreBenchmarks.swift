/// ReactorCore cases (filled in with the runtime).
@MainActor func runCoreBenchmarks() {}
