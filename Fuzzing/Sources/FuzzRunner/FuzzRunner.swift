import FuzzSupport

/// libFuzzer's entry point: runs the input as a script against the built-ins (see ``RunnerCheck``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRunner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = FuzzInput.lines(UnsafeBufferPointer(start: data, count: size), limit: RunnerCheck.lineLimit)
    MainActor.assumeIsolated { _ = RunnerCheck.run(lines) }
    return 0
}
