import Foundation
import Testing
import TestSupport

/// A lesson of examples/ (`lesson-board`, `lesson-search`) exported as `scripts/update-lesson`
/// exports it: `run --transcript NAME.md --diagram NAME.mmd NAME.rsh`, then
/// `run --diagram NAME.svg NAME.rsh`, in a directory holding only the lesson. The checked-in files
/// beside the lesson must be what the binary writes now.
struct LessonExports {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples")

    /// The text of examples/`name`.
    static func example(_ name: String) throws -> String {
        try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
    }

    /// The lesson's name (`lesson-search`).
    let name: String
    /// What the lesson prints (its golden `.out`).
    let stdout: String
    /// The transcript, the Mermaid diagram and the SVG diagram it writes.
    let markdown: String
    let mermaid: String
    let svg: String
    /// The SVG's parts.
    let svgParts: SVGParts

    /// Exports examples/`name`.rsh in a fresh workspace, expecting every run to succeed.
    static func export(_ name: String) async throws -> LessonExports {
        let lesson = try example(name + ".rsh")
        return try await withWorkspace { workspace in
            try workspace.write(name + ".rsh", lesson)
            let first = try await workspace.shell(
                ["run", "--transcript", name + ".md", "--diagram", name + ".mmd", name + ".rsh"])
            #expect(first.status == 0, "\(first.transcript)")
            let second = try await workspace.shell(["run", "--diagram", name + ".svg", name + ".rsh"])
            #expect(second.status == 0, "\(second.transcript)")
            #expect(second.stdout == first.stdout, "both runs print the same")
            return LessonExports(
                name: name, stdout: first.stdout, markdown: try workspace.read(name + ".md"),
                mermaid: try workspace.read(name + ".mmd"), svg: try workspace.read(name + ".svg"),
                svgParts: try await SVGParts(file: name + ".svg", in: workspace))
        }
    }

    /// Checks that the files checked in beside the lesson are these exports.
    func expectCheckedInFilesAreCurrent() throws {
        let stale = "stale: run scripts/update-lesson and check in the result"
        #expect(stdout == (try Self.example(name + ".out")), "examples/\(name).out is \(stale)")
        #expect(markdown == (try Self.example(name + ".md")), "examples/\(name).md is \(stale)")
        #expect(mermaid == (try Self.example(name + ".mmd")), "examples/\(name).mmd is \(stale)")
        #expect(svg == (try Self.example(name + ".svg")), "examples/\(name).svg is \(stale)")
    }

    /// Checks that the SVG has exactly `reactors` (in order), one lifeline for each, and one action
    /// arrow per action line of the lesson, in order, to the reactor the line names (`write.submit`)
    /// or else to `focused`.
    func expectOneLifelinePerReactorAndOneArrowPerAction(reactors: [String], focused: String) throws {
        #expect(svgParts.reactors == reactors, "\(svgParts)")
        for reactor in reactors {
            #expect(svgParts.lifelines.count { $0 == reactor } == 1, "one lifeline for \(reactor): \(svgParts)")
        }
        let actionLines = try Self.example(name + ".rsh").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.hasPrefix(":") }
        let targets = actionLines.map { line in
            let command = line.prefix { $0 != " " }
            return command.contains(".") ? String(command.prefix { $0 != "." }) : focused
        }
        #expect(!targets.isEmpty)
        #expect(svgParts.actions == targets, "\(svgParts)")
    }
}
