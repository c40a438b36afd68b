import Foundation
import Testing
import TestSupport

/// A search cancelled by a newer query is shown without the trace (SPEC §9.1): in the text output,
/// as a JSON `effect` event, in `:history` and in the diagram.
@Suite("Cancellations made visible")
struct CancellationOutputTests {
    static let search = [":use github-search", "updateQuery sw &", "updateQuery swift"]

    @Test func theTextOutputSaysWhichActionCancelledTheEffect() async throws {
        let result = try await runScript(Self.search + [":history"])
        #expect(result.status == 0, "\(result.transcript)")
        let cancellations = result.stdoutLines.filter { $0.contains("⊘") }
        #expect(cancellations == [
            "  ⊘ effect #1 of updateQuery(\"sw\") cancelled by updateQuery(\"swift\")",
            "       ⊘ effect #1 cancelled by updateQuery(\"swift\")",
        ], "\(result.transcript)")
        // The history's note is under the step of the search that was cancelled.
        let history = result.stdoutLines.drop { !$0.hasPrefix("  1  ") }
        #expect(history.prefix(3).last == "       ⊘ effect #1 cancelled by updateQuery(\"swift\")", "\(result.transcript)")
    }

    @Test func theJSONOutputHasAnEffectEventWithTheStatusAndTheCancellingAction() async throws {
        let result = try await runScript(Self.search, options: ["--format", "json"])
        #expect(result.status == 0, "\(result.transcript)")
        let cancelled = result.stdoutLines.filter { $0.contains("\"status\":\"cancelled\"") }
        #expect(cancelled.count == 1, "\(result.transcript)")
        let line = cancelled.first ?? ""
        #expect(line.contains("\"event\":\"effect\""), "\(line)")
        #expect(line.contains("\"effect\":1"), "\(line)")
        #expect(line.contains("\"action\":\"updateQuery(\\\"sw\\\")\""), "\(line)")
        #expect(line.contains("\"by\":\"updateQuery(\\\"swift\\\")\""), "\(line)")
    }

    @Test func theDiagramShowsTheCancellationAsANote() async throws {
        let directory = NSTemporaryDirectory() + "cancel-diagram-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/search.mmd"
        let result = try await runScript(Self.search + [":diagram \(path)"])
        #expect(result.status == 0, "\(result.transcript)")
        let diagram = try String(contentsOfFile: path, encoding: .utf8)
        #expect(diagram.contains("Note over github_search: ⊘ effect #35;1 of updateQuery(\"sw\") cancelled by updateQuery(\"swift\")"), "\(diagram)")
    }

    /// A page load whose search is cancelled before its effect reached it (`loadNextPage &`, then
    /// at once a new query): the search never ran, yet it is shown in all four places, numbered
    /// as it would have been had it started.
    static let pageLoadCancelledBeforeItsSearchStarted = [
        ":use github-search", "updateQuery sw", "loadNextPage &", "updateQuery rx",
    ]

    @Test func aSearchCancelledBeforeItStartedIsShownInTheTextAndTheHistory() async throws {
        let result = try await runScript(Self.pageLoadCancelledBeforeItsSearchStarted + [":history"])
        #expect(result.status == 0, "\(result.transcript)")
        let cancellations = result.stdoutLines.filter { $0.contains("⊘") }
        #expect(cancellations == [
            "  ⊘ effect #3 of loadNextPage cancelled by updateQuery(\"rx\")",
            "       ⊘ effect #3 cancelled by updateQuery(\"rx\")",
        ], "\(result.transcript)")
        // Printed where it happened: after the new query's own mutation, before the page load's
        // flag goes down; in the history, under the page load's step.
        let lines = result.stdoutLines
        let printed = try #require(
            lines.firstIndex(of: "  ⊘ effect #3 of loadNextPage cancelled by updateQuery(\"rx\")"), "\(result.transcript)")
        #expect(lines[..<printed].suffix(2) == ["  · setQuery(\"rx\")", "      query: \"sw\" → \"rx\""], "\(result.transcript)")
        #expect(lines[(printed + 1)...].first?.hasPrefix("  · setLoadingNextPage(false)") == true, "\(result.transcript)")
        let pageLoad = lines.drop { !$0.hasSuffix("2  loadNextPage") }
        #expect(Array(pageLoad.prefix(4)) == [
            "  2  loadNextPage", "       · setLoadingNextPage(true)", "       · setLoadingNextPage(false)",
            "       ⊘ effect #3 cancelled by updateQuery(\"rx\")",
        ], "\(result.transcript)")
    }

    @Test func aSearchCancelledBeforeItStartedIsAnEffectEventInJSON() async throws {
        let result = try await runScript(Self.pageLoadCancelledBeforeItsSearchStarted, options: ["--format", "json"])
        #expect(result.status == 0, "\(result.transcript)")
        let cancelled = result.stdoutLines.filter { $0.contains("\"status\":\"cancelled\"") }
        #expect(cancelled.count == 1, "\(result.transcript)")
        let line = cancelled.first ?? ""
        #expect(line.contains("\"event\":\"effect\""), "\(line)")
        #expect(line.contains("\"effect\":3"), "\(line)")
        #expect(line.contains("\"phase\":\"cancelled\""), "\(line)")
        #expect(line.contains("\"action\":\"loadNextPage\""), "\(line)")
        #expect(line.contains("\"by\":\"updateQuery(\\\"rx\\\")\""), "\(line)")
    }

    @Test func aSearchCancelledBeforeItStartedIsInEveryDiagram() async throws {
        try await withWorkspace { workspace in
            let script = Self.pageLoadCancelledBeforeItsSearchStarted + [
                ":diagram", ":diagram search.mmd", ":diagram search.svg",
            ]
            let result = try await workspace.run(script.joined(separator: "\n") + "\n")
            #expect(result.status == 0, "\(result.transcript)")
            let note = "⊘ effect #3 of loadNextPage cancelled by updateQuery(\"rx\")"
            // The text view wraps a long note; its words are what count.
            let view = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(view.contains("note over github-search: \(note)"), "\(result.transcript)")
            let mermaid = try workspace.read("search.mmd")
            #expect(mermaid.contains("Note over github_search: ⊘ effect #35;3 of loadNextPage cancelled by updateQuery(\"rx\")"), "\(mermaid)")
            let svg = try await SVGParts(file: "search.svg", in: workspace)
            #expect(svg.texts.joined(separator: " ").contains(note), "\(svg.texts)")
        }
    }

    /// The trace does not claim that the search started: it says it was cancelled before.
    @Test func theTraceSaysTheSearchWasCancelledBeforeItStarted() async throws {
        let result = try await runScript(Self.pageLoadCancelledBeforeItsSearchStarted, options: ["--trace"])
        #expect(result.status == 0, "\(result.transcript)")
        let search = result.stdoutLines.filter { $0.hasPrefix("  ⋯ effect #3 ") }
        #expect(search == ["  ⋯ effect #3 of loadNextPage cancelled before it started at t=300ms (+0ms)"], "\(result.transcript)")
    }
}
