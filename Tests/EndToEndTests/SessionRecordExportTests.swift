import Foundation
import Testing
import TestSupport

/// Exports written from the session's record (issue 24 item 2, issue 26): what happened, as it
/// happened, and as the terminal showed it — overlapping lines, failed lines, cancellations, the
/// lines of loaded files — and the sequence diagram drawn as SVG and as text by the shell itself.
@Suite("Exports from the session's record")
struct SessionRecordExportTests {
    static let board = [
        ":use board", "write.updateTitle \"Hello\"", "write.submit", "delete 1", "write.updateContent \"more\"",
    ]
    static let search = [":use github-search", "updateQuery sw &", "updateQuery swift", "increse"]

    @Test func theSVGDiagramHasOneLifelinePerReactorAndOneArrowPerAction() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run((Self.board + [":diagram board.svg"]).joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdoutLines.contains("saved a sequence diagram to board.svg"), "\(result.transcript)")
            let svg = try await SVGParts(file: "board.svg", in: workspace)
            #expect(svg.reactors == ["write", "board"], "\(svg)")
            #expect(svg.lifelines.sorted() == ["User", "board", "service", "write", "write effects", "board effects"].sorted(), "\(svg)")
            for reactor in svg.reactors { #expect(svg.lifelines.count { $0 == reactor } == 1, "one lifeline for \(reactor)") }
            // One arrow per action, to its reactor, in order.
            #expect(svg.actions == ["write", "write", "board", "write"], "\(svg)")
            #expect(svg.texts.contains("updateTitle(title: \"Hello\")"), "\(svg.texts)")
            // `run --diagram FILE.svg` draws the same run.
            let run = try await workspace.shell(["run", "--diagram", "run.svg", "script.rsh"])
            #expect(run.status == 0, "\(run.transcript)")
            #expect(try workspace.read("run.svg") == workspace.read("board.svg"))
        }
    }

    @Test func theTextSequenceViewIsPrintedAndFitsEightyColumns() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run((Self.search + [":diagram"]).joined(separator: "\n") + "\n")
            let view = result.stdoutLines.drop { !$0.hasPrefix("participants: ") }
            #expect(view.first == "participants: User, github-search, github-search effects", "\(result.transcript)")
            #expect(view.contains("User ──▶ github-search: updateQuery(query: \"swift\")"), "\(result.transcript)")
            #expect(view.contains("  note over github-search: ⊘ effect #1 of updateQuery(\"sw\") cancelled by"), "\(result.transcript)")
            #expect(view.contains { $0.hasPrefix("  note over User: ✗ ") && $0.contains("unknown action 'increse'") }, "\(result.transcript)")
            for line in view { #expect(line.count <= 80, "\(line)") }
        }
    }

    /// Each effect's start is drawn after its action's own mutations, in the order effects
    /// started — not at the effect's first mutation, which put a page load's effect #3 before its
    /// #2 and left out an effect cancelled before it sent anything.
    @Test func theDiagramStartsEffectsInOrderWhenTheyOverlapOrAreCancelled() async throws {
        try await withWorkspace { workspace in
            let script = [
                ":use github-search", "updateQuery swift", "loadNextPage", "updateQuery sw &", "updateQuery swift",
                "loadNextPage &", ":advance 1ms", "updateQuery rx", ":diagram", ":diagram search.mmd",
            ]
            let result = try await workspace.run(script.joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.transcript)")
            let view = Array(result.stdoutLines.drop { !$0.hasPrefix("participants: ") })
            func row(_ text: String, after earlier: Int = -1) -> Int {
                view.indices.first { $0 > earlier && view[$0] == text } ?? Int.max
            }
            let starts = "github-search ╌╌▶ github-search effects: effect #"
            let page = row("User ──▶ github-search: loadNextPage")
            #expect(row(starts + "2 of loadNextPage") == page + 3, "after setLoadingNextPage(true) and its note: \(view)")
            #expect(row(starts + "3 of loadNextPage") == page + 4, "\(view)")
            // The search for sw starts, then the newer query's action, its start, and the cancellation.
            let sw = row("User ──▶ github-search: updateQuery(query: \"sw\")")
            #expect(row(starts + "4 of updateQuery(\"sw\")") == sw + 3, "\(view)")
            let swift = row("User ──▶ github-search: updateQuery(query: \"swift\")", after: sw)
            #expect(row(starts + "5 of updateQuery(\"swift\")") == swift + 3, "\(view)")
            #expect(row("  note over github-search: ⊘ effect #4 of updateQuery(\"sw\") cancelled by") == swift + 4, "\(view)")
            // The second page load's search is cancelled by the query rx, after both started.
            let rx = row("User ──▶ github-search: updateQuery(query: \"rx\")")
            #expect(row(starts + "7 of loadNextPage") < rx, "\(view)")
            #expect(row(starts + "8 of updateQuery(\"rx\")") == rx + 3, "\(view)")
            #expect(row("  note over github-search: ⊘ effect #7 of loadNextPage cancelled by") == rx + 4, "\(view)")
            // Each effect starts once; the Mermaid file draws the same order.
            for number in 1...8 { #expect(view.count { $0.hasPrefix(starts + "\(number) of ") } == 1, "effect #\(number): \(view)") }
            let mermaidStarts = try workspace.read("search.mmd").split(separator: "\n")
                .filter { $0.contains("-->>github_search_effects: effect #35;") }
                .map { String($0.split(separator: "#35;")[1].prefix { $0.isNumber }) }
            #expect(mermaidStarts == (1...8).map(String.init), "\(mermaidStarts)")
        }
    }

    /// Overlapping lines: each effect starts right after its own action, before the next line's.
    @Test func theDiagramStartsOverlappingEffectsAfterTheirOwnActions() async throws {
        let result = try await runScript(["increase &", "increase &", "decrease", ":diagram"])
        let view = result.stdoutLines.drop { !$0.hasPrefix("participants: ") }
            .filter { $0.hasPrefix("User ──▶") || $0.hasPrefix("counter ╌╌▶") }
        #expect(view == [
            "User ──▶ counter: increase", "counter ╌╌▶ counter effects: effect #1 of increase",
            "User ──▶ counter: increase", "counter ╌╌▶ counter effects: effect #2 of increase",
            "User ──▶ counter: decrease", "counter ╌╌▶ counter effects: effect #3 of decrease",
        ], "\(result.transcript)")
    }

    @Test func aBatchTranscriptKeepsFailedLinesErrorsAndCancellationsAndRunWritesTheSame() async throws {
        try await withWorkspace { workspace in
            let script = (Self.search + [":save --transcript saved.md"]).joined(separator: "\n") + "\n"
            let result = try await workspace.run(script)
            #expect(result.status == 1, "\(result.transcript)")
            let markdown = try workspace.read("saved.md")
            #expect(markdown.contains("""
                ```text
                github-search> updateQuery swift
                  · setQuery("swift")
                      query: "sw" → "swift"
                  ⊘ effect #1 of updateQuery("sw") cancelled by updateQuery("swift")
                  · setRepos(["swift1", "swift2", "swift3"], nextPage: 2)
                """), "\(markdown)")
            #expect(markdown.contains("""
                ```text
                github-search> increse
                script.rsh:4:1: unknown action 'increse'
                """), "\(markdown)")
            // `run --transcript` writes the same transcript at the end of the run.
            try workspace.write("plain.rsh", Self.search.joined(separator: "\n") + "\n")
            let run = try await workspace.shell(["run", "--transcript", "run.md", "plain.rsh"])
            #expect(run.status == 1, "\(run.transcript)")
            #expect(try workspace.read("run.md") == markdown.replacingOccurrences(of: "script.rsh", with: "plain.rsh"))
        }
    }

    @Test func theTranscriptOfALiveSessionIsWhatTheTerminalShowed() async throws {
        guard TerminalSession.isAvailable else { return }
        let home = try InteractiveHome()
        try home.write("part.rsh", "# The part file searches too.\nupdateQuery rx\n")
        let terminal = try await home.startShell(["--real-clock"], columns: 160, rows: 60)
        defer { terminal.close() }
        try terminal.type(":use github-search\r")
        try await terminal.waitForText("github-search>")
        // Typed together: the second query cancels the first one's search (300 ms of latency).
        try terminal.type("updateQuery sw &\rupdateQuery swift\r")
        try await terminal.waitForText("swift3")
        try terminal.type("increse\r")
        try await terminal.waitForText("unknown action 'increse'")
        try terminal.type(":advance 1s\r")
        try await terminal.waitForText(":advance needs the virtual clock")
        try terminal.type(":load --echo part.rsh\r")
        try await terminal.waitForText("rx3")
        try terminal.type(":save --transcript live.md\r")
        let screen = try await terminal.waitForText("saved a transcript")
        let markdown = try #require(home.text(of: "live.md"))
        #expect(markdown.contains("The part file searches too."), "the loaded file's narration: \(markdown)")
        // What the terminal showed, from the first line typed to the :save, without the bare
        // prompts left between lines and without the echo of the comment (prose in the transcript).
        let shown = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .drop { !$0.hasPrefix("counter> :use github-search") }
            .prefix { !$0.hasPrefix("github-search> :save") }
            .filter { $0 != "github-search>" && $0 != "github-search> # The part file searches too." && !$0.isEmpty }
        #expect(Array(shown) == Self.fencedLines(markdown), "screen:\n\(screen)\ntranscript:\n\(markdown)")
        #expect(Self.fencedLines(markdown).contains { $0.contains("⊘ effect #1 of updateQuery(\"sw\") cancelled by") }, "\(markdown)")
        #expect(markdown.contains("github-search> :advance 1s\n<stdin>:"), "the failed :advance is there: \(markdown)")
    }

    /// The lines inside the fenced blocks of `markdown`, in order.
    static func fencedLines(_ markdown: String) -> [String] {
        var lines: [String] = []
        var inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside.toggle()
            } else if inside, !line.isEmpty {
                lines.append(String(line))
            }
        }
        return lines
    }
}
