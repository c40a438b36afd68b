import StateDiff

extension TextPrinter {
    /// A mutation block while `:watch` is on: the watched `changes` (only the header when there
    /// are none), then `(N other changes)` when the mutation changed other paths too.
    func watchedMutation(
        of reactor: any ShellReactor, sceneHasSeveral: Bool, label: String, elapsed: Duration?,
        cause: MutationCause?, changes: [StateChange], otherChanges: Int
    ) {
        if changes.isEmpty && otherChanges > 0 {
            // The header line alone: the block's first line, without its `(no change)`.
            withMutationBlock(
                of: reactor, sceneHasSeveral: sceneHasSeveral, label: label, elapsed: elapsed, cause: cause,
                changes: changes
            ) { bytes in
                var end = 0
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                sink.writeResult(utf8: bytes.extracting(0..<end))
            }
        } else {
            mutation(of: reactor, sceneHasSeveral: sceneHasSeveral, label: label, elapsed: elapsed, cause: cause, changes: changes)
        }
        if otherChanges > 0 {
            sink.writeResult("      (\(String.counted(otherChanges, "other change")))")
        }
    }
}
