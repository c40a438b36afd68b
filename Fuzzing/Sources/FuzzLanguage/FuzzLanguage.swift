import FuzzSupport

/// libFuzzer's entry point: the input is one line of the language (up to its first `\n`, as the
/// script reader would split it), checked by ``LanguageCheck``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let line = FuzzInput.lines(UnsafeBufferPointer(start: data, count: size), limit: 1)[0]
    MainActor.assumeIsolated { LanguageCheck.shared.check(line) }
    return 0
}
