import FuzzSupport
import ReactorShell

/// libFuzzer's entry point: checks the language on every line of the input (see ``LanguageCheck``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let lines = FuzzInput.lines(UnsafeBufferPointer(start: data, count: size), limit: 64)
    MainActor.assumeIsolated {
        for line in lines { LanguageCheck.shared.check(line) }
    }
    return 0
}
