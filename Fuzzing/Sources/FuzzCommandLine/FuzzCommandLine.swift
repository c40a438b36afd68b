import FuzzSupport
import Foundation

/// libFuzzer's entry point: runs the input as a command line, environment and files (see ``CommandLineCheck``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    nonisolated(unsafe) let bytes = UnsafeBufferPointer(start: data, count: size)
    MainActor.assumeIsolated { _ = CommandLineCheck.run(bytes) }
    return 0
}

/// libFuzzer's set-up hook: every job runs on this thread (see ``MainThreadConcurrency``), and a
/// write to a FIFO whose reader went away is an error, not a SIGPIPE.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzCommandLineInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    signal(SIGPIPE, SIG_IGN)
    MainActor.assumeIsolated { MainThreadConcurrency.install() }
    return 0
}
