/// How a fuzzer's bytes become lines of script.
public enum FuzzInput {
    /// The lines of `bytes` (split at `\n`, like a script file), at most `limit` of them, each decoded as
    /// UTF-8 with invalid sequences replaced (the script reader rejects those lines before parsing).
    public static func lines(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [String] {
        var lines: [String] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            if lines.count == limit { break }
            start = index + 1
        }
        return lines
    }
}

/// Stops the process the way libFuzzer recognises as a crash, with `message` on stderr.
public func fuzzFailure(_ message: String, line: String) -> Never {
    fatalError("\(message)\n  line: \(line.debugDescription)")
}
