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
}
