/// ReactorCore cases (filled in with the runtime).
@MainActor func runCoreBenchmarks() {}
/// Asynchronous ReactorCore cases.
@MainActor func runCoreAsyncBenchmarks() async {}
