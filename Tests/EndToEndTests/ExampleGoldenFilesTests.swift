import Foundation
import Testing
import TestSupport

/// Every script in examples/ has a golden file beside it (`FILE.out`, what `run` prints), and the
/// binary still prints exactly that: `reactor-shell test --update examples/*.rsh` rewrites them
/// after an intended change of output.
@Suite("Examples and their golden files")
struct ExampleGoldenFilesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyExampleScriptMatchesItsGoldenFile() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("examples").path)
        let scripts = names.filter { $0.hasSuffix(".rsh") }.sorted().map { "examples/" + $0 }
        #expect(scripts.count >= 6, "\(scripts)")
        for script in scripts {
            let golden = Self.root.appendingPathComponent(String(script.dropLast(4)) + ".out").path
            #expect(FileManager.default.fileExists(atPath: golden), "\(script) has no golden file: run reactor-shell test --update \(script)")
        }
        let result = try await ShellProcess.run(["test"] + scripts, workingDirectory: Self.root.path)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "\(scripts.count) matched, 0 differ", "\(result.transcript)")
    }
}
