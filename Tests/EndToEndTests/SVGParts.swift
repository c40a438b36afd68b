import Foundation
import TestSupport

/// The parts of an SVG diagram, read with Python's XML parser (which also proves it well-formed).
struct SVGParts: CustomStringConvertible {
    var reactors: [String] = []
    var lifelines: [String] = []
    var actions: [String] = []
    var texts: [String] = []

    static let reader = """
        import sys
        import xml.etree.ElementTree as ET
        ns = "{http://www.w3.org/2000/svg}"
        root = ET.parse(sys.argv[1]).getroot()
        assert root.tag == ns + "svg", root.tag
        for element in root.iter():
            classes = (element.get("class") or "").split()
            if element.tag == ns + "g" and "participant" in classes and element.get("data-kind") == "reactor":
                print("reactor", element.get("data-participant"))
            if element.tag == ns + "line" and "lifeline" in classes:
                print("lifeline", element.get("data-participant"))
            if element.tag == ns + "g" and classes == ["message", "action"]:
                print("action", element.get("data-to"))
            if element.tag == ns + "text":
                print("text", element.text)
        """

    /// The parts of `file` in `workspace`.
    init(file: String, in workspace: ScriptWorkspace) async throws {
        try workspace.write("read-svg.py", Self.reader)
        let read = try await ShellProcess.run(
            ["python3", "read-svg.py", file], workingDirectory: workspace.path, executable: "/usr/bin/env")
        guard read.status == 0 else { throw SVGError.unreadable(read.transcript) }
        for line in read.stdoutLines {
            let (kind, value) = (line.prefix { $0 != " " }, String(line.drop { $0 != " " }.dropFirst()))
            switch kind {
            case "reactor": reactors.append(value)
            case "lifeline": lifelines.append(value)
            case "action": actions.append(value)
            default: texts.append(value)
            }
        }
    }

    enum SVGError: Error { case unreadable(String) }

    var description: String { "reactors \(reactors), lifelines \(lifelines), actions \(actions)" }
}
