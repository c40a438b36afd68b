import Foundation
import Testing
import TestSupport

/// examples/lesson-board.rsh, the lesson written for `run --step`, runs cleanly, and its checked-in
/// transcript and sequence diagram are what the binary makes of it now (`scripts/update-lesson`
/// rewrites them).
@Suite("The board lesson and its exports")
struct LessonExampleTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    static func example(_ name: String) throws -> String {
        try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theLessonRunsAndItsTranscriptAndDiagramAreCurrent() async throws {
        let lesson = try Self.example("lesson-board.rsh")
        #expect(lesson.contains("\n:pause"), "written for --step, with pauses")
        try await withWorkspace { workspace in
            let result = try await workspace.run(
                lesson + ":save --transcript lesson-board.md\n:diagram lesson-board.mmd\n", named: "lesson-board.rsh")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.lastStdoutLine == "8 passed, 0 failed, 0 errors", "\(result.transcript)")
            let stale = "stale: run scripts/update-lesson and check in the result"
            #expect(try workspace.read("lesson-board.md") == Self.example("lesson-board.md"), "examples/lesson-board.md is \(stale)")
            #expect(try workspace.read("lesson-board.mmd") == Self.example("lesson-board.mmd"), "examples/lesson-board.mmd is \(stale)")
        }
    }

    @Test func theTranscriptNarratesWithTheCommentsAndShowsTheCauses() throws {
        let markdown = try Self.example("lesson-board.md")
        #expect(markdown.contains("\nThe scene has two reactors: `board` lists the posts, `write` edits a new one.\n"))
        #expect(markdown.contains("\n---\n\nThe board changed, though nobody sent it an action.\n"))
        #expect(markdown.contains("← service event, from write.submit"))
        let diagram = try Self.example("lesson-board.mmd")
        #expect(diagram.hasPrefix("sequenceDiagram\n    actor User\n    participant write as write\n    participant board as board\n"))
        #expect(diagram.contains("    write_effects->>service: event (write.submit)\n"))
    }
}
