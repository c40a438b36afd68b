/// The results of a `test` run as JUnit XML, the format CI systems read: one `testsuite`, a
/// `testcase` per script (class name: its directory; name: its file name), a `failure` with the
/// unified diff for each script whose output differs.
struct JUnitReport {
    private var cases: [String] = []
    private var failures = 0
    private var seconds = 0.0

    /// Adds the case of `script`, which took `seconds`; `failure` is its headline and diff.
    mutating func add(script: String, seconds: Double, failure: (message: String, details: String)?) {
        let slash = script.lastIndex(of: "/")
        let directory = slash.map { String(script[..<$0]) } ?? "."
        let name = slash.map { String(script[script.index(after: $0)...]) } ?? script
        var element = "    <testcase classname=\"\(Self.escaped(directory))\" name=\"\(Self.escaped(name))\" file=\"\(Self.escaped(script))\" time=\"\(Self.time(seconds))\""
        if let failure {
            failures += 1
            element += ">\n      <failure message=\"\(Self.escaped(failure.message))\" type=\"output differs\">\(Self.escaped(failure.details))</failure>\n    </testcase>"
        } else {
            element += "/>"
        }
        cases.append(element)
        self.seconds += seconds
    }

    /// The whole document.
    var xml: String {
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(Self.time(seconds))\""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites \(counts)>
              <testsuite name="reactor-shell test" \(counts)>
            \(cases.joined(separator: "\n"))
              </testsuite>
            </testsuites>

            """
    }

    private static func time(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` as XML character data or attribute value: markup characters escaped, and the
    /// characters XML 1.0 does not allow (other control characters) replaced by U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
