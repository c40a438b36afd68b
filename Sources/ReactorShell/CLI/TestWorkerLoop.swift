/// The worker's side of a parallel `test` run (see ``TestWorker`` for the protocol): reads script
/// paths, each ended by a NUL byte, from standard input, runs each in a fresh session as a
/// sequential `test` would, and writes `STATUS LENGTH\n` and its output to descriptor 3.
enum TestWorkerLoop {
    /// Serves scripts until the input ends; returns the exit status (1 when descriptor 3 cannot
    /// be written: the parent is gone).
    @MainActor
    static func serve(registry: Registry, configuration: ShellConfiguration) async -> Int32 {
        var paths = NULSeparatedInput(descriptor: 0)
        while let script = paths.next() {
            let (text, status) = await GoldenScripts.output(of: script, registry: registry, configuration: configuration)
            let header = "\(status) \(text.utf8.count)\n"
            if POSIXIO.writeAll(header + text, to: 3) != nil { return 1 }
        }
        return 0
    }
}

/// The NUL-ended strings of a descriptor, read as they come.
private struct NULSeparatedInput {
    let descriptor: Int32
    private var pending: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next string, or nil at the end of the input (an unended last string is dropped).
    mutating func next() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = pending.firstIndex(of: 0) {
                let text = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return text
            }
            guard case .bytes(let count) = POSIXIO.readChunk(descriptor, into: &chunk) else {
                return nil
            }
            pending += chunk[..<count]
        }
    }
}
