/// GitHub Actions workflow commands (`::error file=F,line=L::MESSAGE`), which the Actions log
/// shows as annotations on the files' lines.
enum GitHubAnnotation {
    /// `::error file=FILE,line=LINE[,col=COLUMN]::MESSAGE`, escaped as GitHub reads it.
    static func error(file: String, line: Int, column: Int? = nil, message: String) -> String {
        var properties = "file=\(escapedProperty(file)),line=\(line)"
        if let column { properties += ",col=\(column)" }
        return "::error \(properties)::\(escapedMessage(message))"
    }

    /// The annotations of a script whose output (`actual`) differs from its golden text: one on
    /// the script's line for each located error of the script that the golden text does not
    /// have, else one on the golden file's first differing line (line 1 of the script when there
    /// is no golden file).
    static func failure(script: String, golden: String, expected: String?, actual: String) -> [String] {
        guard let expected else {
            return [error(file: script, line: 1, message: "no golden file \(golden)")]
        }
        let known = Set(expected.split(separator: "\n", omittingEmptySubsequences: false))
        var annotations: [String] = []
        for line in actual.split(separator: "\n") where !known.contains(line) {
            if let located = locatedError(line, in: script) {
                annotations.append(error(file: script, line: located.line, column: located.column, message: located.message))
            }
        }
        if !annotations.isEmpty { return annotations }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        return [error(file: golden, line: first + 1, message: "\(script): output differs from \(golden) from this line on")]
    }

    /// `SCRIPT:LINE:COLUMN: message` split up, when `line` is an error located in `script`.
    private static func locatedError(_ line: Substring, in script: String) -> (line: Int, column: Int, message: String)? {
        guard line.hasPrefix(script + ":") else { return nil }
        let parts = line.dropFirst(script.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let number = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return (number, column, String(parts[2].drop { $0 == " " }))
    }

    private static func escapedMessage(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    private static func escapedProperty(_ text: String) -> String {
        escapedMessage(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
