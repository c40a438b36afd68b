import Foundation
import Testing

/// The ReactorShell tutorial (Sources/ReactorShell/ReactorShell.docc) shows examples/custom-shell
/// being written: its last step of each file is the example's own file (a link), and its earlier
/// steps must stay what that file grows from, so that the tutorial cannot drift from the code CI
/// builds and tests.
@Suite("The tutorial's code")
struct TutorialCodeTests {
    private static let catalog = ExampleGoldenFilesTests.root.appendingPathComponent("Sources/ReactorShell/ReactorShell.docc")

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: catalog.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyStepNamesAResourceThatExists() throws {
        let tutorial = try Self.text("Tutorials/YourOwnShell.tutorial")
        let files = tutorial.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file: \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(files.count >= 8, "\(files)")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: Self.catalog.appendingPathComponent("Resources/" + file).path), "\(file)")
        }
    }

    @Test func theReactorsEarlierStepsAreWhatTheExampleGrowsFrom() throws {
        let final = try Self.text("Resources/todo-reactor-03.swift")
        #expect(final.contains("public static let entry = RegistryEntry"), "the last step is the example's TodoReactor.swift")
        for step in ["todo-reactor-01.swift", "todo-reactor-02.swift"] {
            // Every line but the closing brace, in the example's order.
            let lines = try Self.text("Resources/" + step).split(separator: "\n", omittingEmptySubsequences: false).dropLast(2)
            var rest = final.split(separator: "\n", omittingEmptySubsequences: false)[...]
            for line in lines {
                guard let found = rest.firstIndex(of: line) else {
                    Issue.record("\(step): '\(line)' is not in the example's TodoReactor.swift (in this order)")
                    break
                }
                rest = rest[(found + 1)...]
            }
        }
    }
}
