import FuzzSupport

/// libFuzzer's entry point: runs the input as a script against the built-ins (see ``RunnerCheck``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    nonisolated(unsafe) let bytes = UnsafeBufferPointer(start: data, count: size)
    MainActor.assumeIsolated { _ = RunnerCheck.run(bytes) }
    return 0
}

/// libFuzzer's set-up hook, called once before the first input: every job runs on this thread
/// (see ``MainThreadConcurrency``).
@_cdecl("LLVMFuzzerInitialize")
public func fuzzRunnerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    MainActor.assumeIsolated { MainThreadConcurrency.install() }
    return 0
}
