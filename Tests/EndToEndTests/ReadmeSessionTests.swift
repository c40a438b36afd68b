import Foundation
import Testing
import TestSupport

/// README.md's "30 seconds" block is what the binary prints (issue 26 point 12: it lacked the
/// `← service event` line the board's insertPost has had since causes landed).
@Suite("The README's session")
struct ReadmeSessionTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The lines of the first fenced block after `## 30 seconds`.
    static func thirtySecondsBlock() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "\n## 30 seconds\n"))
        let lines = text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let block = lines.drop { $0 != "```" }.dropFirst().prefix { $0 != "```" }
        return block.map(String.init)
    }

    @Test func theThirtySecondsBlockIsWhatTheBinaryPrints() async throws {
        let block = try Self.thirtySecondsBlock()
        #expect(block.first == "$ swift run reactor-shell", "\(block)")
        let version = try await ShellProcess.run(["--version"])
        #expect(block.dropFirst().first?.hasPrefix("reactor-shell " + version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + " — counter loaded.") == true, "\(block)")
        // The session after the banner: the typed lines after their prompts, each followed by
        // what it printed, as `run --echo` prints them.
        let session = Array(block.dropFirst(2))
        let typed = session.compactMap { line in
            line.range(of: "^[a-z-]+> ", options: .regularExpression).map { String(line[$0.upperBound...]) }
        }
        #expect(typed.count >= 4, "\(session)")
        let result = try await withWorkspace { workspace in
            try await workspace.run(typed.joined(separator: "\n") + "\n", options: ["--echo"])
        }
        #expect(result.status == 0, "\(result.transcript)")
        #expect(Array(result.stdoutLines.dropLast()) == session, "\(result.transcript)")
    }
}
