import Foundation
import Testing
import TestSupport

/// examples/lesson-board.rsh, the lesson written for `run --step`, runs cleanly, and its checked-in
/// golden output, transcript and sequence diagrams (Mermaid and SVG) are what the binary makes of
/// it now (`scripts/update-lesson` rewrites them).
@Suite("The board lesson and its exports")
struct LessonExampleTests {
    static func example(_ name: String) throws -> String {
        try LessonExports.example(name)
    }

    @Test func theLessonRunsAndItsTranscriptAndDiagramsAreCurrent() async throws {
        #expect(try Self.example("lesson-board.rsh").contains("\n:pause"), "written for --step, with pauses")
        let exports = try await LessonExports.export("lesson-board")
        #expect(exports.stdout.hasSuffix("\n8 passed, 0 failed, 0 errors\n"), "\(exports.stdout)")
        try exports.expectCheckedInFilesAreCurrent()
        try exports.expectOneLifelinePerReactorAndOneArrowPerAction(reactors: ["write", "board"], focused: "board")
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
