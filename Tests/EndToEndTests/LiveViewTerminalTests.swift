import Testing

/// The live view reads the session; it does not change what the terminal shows (SPEC §10).
@Suite("Live view and the terminal")
struct LiveViewTerminalTests {
    /// Watches, diffs turned off and on, time travel, an expectation and an error: what a run prints.
    private let script = """
        :use board
        # Watch the title only.
        :watch write:title
        write.updateTitle "Hello"
        write.submit
        :expect board:posts.count == 1
        :undo
        :set diff off
        write.updateTitle "unseen"
        :set diff on
        write.updateTitle "seen"
        write.nothing

        """

    @Test("with --serve, a run prints byte for byte what it prints without, :watch narrowing its diffs")
    func servingLeavesTheTerminalAlone() async throws {
        try await withWorkspace { workspace in
            let plain = try await workspace.run(script)
            let served = try await workspace.run(script, options: ["--serve-port", "0", "--serve-exit"])
            #expect(plain.stdout.contains("other change"), "the watch narrowed no diff: \(plain.transcript)")
            #expect(served.stderr.contains("live view: http://127.0.0.1:"), "\(served.transcript)")
            #expect(served.stdout == plain.stdout)
            #expect(served.status == plain.status)
        }
    }
}
