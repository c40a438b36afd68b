import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 16's exports through the real binary: `:save --expect` (a session becomes a test),
/// `:save --transcript` (Markdown), `:diagram` and `run --diagram` (Mermaid).
@Suite("Export: tests, transcripts, diagrams")
struct ExportEndToEndTests {
    static let session = [
        "# The board pattern:",
        "# two reactors share a service.",
        "",
        ":use board",
        "write.updateTitle \"Hello\"",
        "write.submit",
        "delete 1",
        "write.updateContent \"more\"",
    ]

    @Test func aSessionSavedWithExpectationsPassesAndFailsWhenAValueChanges() async throws {
        try await withWorkspace { workspace in
            let original = try await workspace.run((Self.session + [":save --expect saved.rsh"]).joined(separator: "\n") + "\n")
            #expect(original.status == 0, "\(original.transcript)")
            #expect(original.stdoutLines.contains("saved 5 commands and 4 expectations to saved.rsh"), "\(original.transcript)")
            let saved = try workspace.read("saved.rsh")
            #expect(saved.hasSuffix("""
                # what the session changed:
                :expect write:title == "Hello"
                :expect write:content == "more"
                :expect write:canSubmit == true
                :expect write:isDismissed == true

                """), "\(saved)")
            let replay = try await workspace.shell(["run", "saved.rsh"])
            #expect(replay.status == 0, "\(replay.transcript)")
            #expect(replay.lastStdoutLine == "4 passed, 0 failed, 0 errors", "\(replay.transcript)")
            // The same test against a session that behaves differently fails.
            try workspace.write("changed.rsh", saved.replacingOccurrences(of: "write.updateContent \"more\"", with: "write.updateContent \"less\""))
            let changed = try await workspace.shell(["run", "changed.rsh"])
            #expect(changed.status == 1, "\(changed.transcript)")
            #expect(changed.stdoutLines.contains("  ✗ write:content == \"more\" (actual: \"less\")"), "\(changed.transcript)")
        }
    }

    @Test func expectationsCoverInsertedRecordsLeafByLeafAndTheArraysLength() async throws {
        try await withWorkspace { workspace in
            let script = [":use board", "write.updateTitle \"Hi\"", "write.submit", ":focus write", "updateTitle \"x\"", ":save --expect t.rsh"]
            let original = try await workspace.run(script.joined(separator: "\n") + "\n")
            #expect(original.status == 0, "\(original.transcript)")
            let saved = try workspace.read("t.rsh")
            for line in [
                ":expect board:posts.count == 1", ":expect board:posts[0].id == 1", ":expect board:posts[0].title == \"Hi\"",
                ":expect board:posts[0].content == \"\"", ":expect title == \"x\"", ":expect isDismissed == true",
            ] {
                #expect(saved.contains(line + "\n"), "\(line) in \(saved)")
            }
            let replay = try await workspace.shell(["run", "t.rsh"])
            #expect(replay.status == 0, "\(replay.transcript)")
        }
    }

    @Test func aTranscriptShowsEachCommandWithItsOutputAndCommentsAsProse() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run((Self.session + [":expect posts.count == 0", ":save --transcript lesson.md"]).joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdoutLines.contains("saved a transcript of 6 commands to lesson.md"), "\(result.transcript)")
            let markdown = try workspace.read("lesson.md")
            #expect(markdown.contains("""

                The board pattern:
                two reactors share a service.

                ```text
                counter> :use board
                ```

                ```text
                board> write.updateTitle "Hello"
                  · write: setTitle("Hello")
                      title: "" → "Hello"
                      canSubmit: false → true
                ```

                ```text
                board> write.submit
                  · board: insertPost(Post(id: 1, title: "Hello", content: ""), at: 0)  ← service event, from write.submit
                      + posts[0]: {id: 1, title: "Hello", content: ""}
                  · write: dismiss
                      isDismissed: false → true
                ```
                """), "\(markdown)")
            #expect(markdown.hasSuffix("""
                ```text
                board> :expect posts.count == 0
                  ✓ posts.count == 0
                ```

                """), "\(markdown)")
            #expect(!markdown.contains("> :save"), "the line that wrote it is not part of it: \(markdown)")
        }
    }

    @Test func aDiagramHasAParticipantPerReactorAndSourceAndAnArrowPerActionMutationAndEvent() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run((Self.session + [":diagram lesson.mmd"]).joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdoutLines.contains("saved a sequence diagram to lesson.mmd"), "\(result.transcript)")
            let diagram = try workspace.read("lesson.mmd")
            #expect(diagram == """
                sequenceDiagram
                    actor User
                    participant write as write
                    participant board as board
                    participant write_effects as write effects
                    participant service as service
                    participant board_effects as board effects
                    Note over User: :use board
                    User->>write: updateTitle(title: "Hello")
                    write->>write: setTitle("Hello")
                    Note over write: title, canSubmit
                    User->>write: submit
                    write-->>write_effects: effect #35;1 of write.submit
                    write_effects->>service: event (write.submit)
                    service->>board: insertPost(Post(id: 1, title: "Hello", content: ""), at: 0)
                    Note over board: posts[0]
                    write_effects->>write: dismiss
                    Note over write: isDismissed
                    User->>board: delete(id: 1)
                    board-->>board_effects: effect #35;2 of board.delete(id: 1)
                    board_effects->>service: event (board.delete(id: 1))
                    service->>board: removePost(id: 1)
                    Note over board: posts[0]
                    User->>write: updateContent(content: "more")
                    write->>write: setContent("more")
                    Note over write: content

                """, "\(diagram)")
            // `run --diagram` draws the same run.
            let run = try await workspace.shell(["run", "--diagram", "run.mmd", "script.rsh"])
            #expect(run.status == 0, "\(run.transcript)")
            #expect(try workspace.read("run.mmd") == diagram)
        }
    }

    @Test func anUnwritableDiagramIsAnErrorAndTheRunFails() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run("increase\n", options: ["--diagram", "/nonexistent/x.mmd"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines == ["reactor-shell: cannot write '/nonexistent/x.mmd': No such file or directory"], "\(result.transcript)")
            #expect(result.lastStdoutLine == "0 passed, 0 failed, 0 errors", "\(result.transcript)")
        }
    }

    @Test func aLoadedFileThatSavesATranscriptShowsItsLinesUpToTheSave() async throws {
        try await withWorkspace { workspace in
            try workspace.write("inner.rsh", "increase\n:save --transcript inner.md\n")
            let result = try await workspace.run("# outer\n:load inner.rsh\n:expect value == 1\n")
            #expect(result.status == 0, "\(result.transcript)")
            let markdown = try workspace.read("inner.md")
            // The loaded file's lines are shown one by one, each with its own output.
            #expect(markdown.contains("```text\ncounter> :load inner.rsh\n```\n\n```text\ncounter> increase\n  · setLoading(true)\n"), "\(markdown)")
            #expect(!markdown.contains("> :save") && !markdown.contains("> :expect"), "only what ran before the save: \(markdown)")
        }
    }
}
