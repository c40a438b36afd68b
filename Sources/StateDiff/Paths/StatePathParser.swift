extension StatePath {
    /// Parses the shell's path syntax: `value`, `repos[0]`, `posts[2].title`, `repos.count`,
    /// `scores["home team"]`; a leading `.` is allowed and the empty string is the root.
    /// Throws `StatePathSyntaxError` with the column and what was expected.
    public init(parsing text: String) throws {
        var parser = StatePathParser(scalars: Array(text.unicodeScalars))
        self.init(try parser.parse())
    }
}

/// Why a path could not be parsed: where, and what was expected there.
public struct StatePathSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based column (in Unicode scalars) of the problem.
    public var column: Int
    /// What the parser expected there, e.g. `a field name`, `']'`.
    public var expected: String
    /// What it found instead, e.g. `'%'` or `end of path`.
    public var found: String

    /// Creates an error at `column`.
    public init(column: Int, expected: String, found: String) {
        self.column = column
        self.expected = expected
        self.found = found
    }

    /// `column 7: expected ']', found end of path`.
    public var description: String { "column \(column): expected \(expected), found \(found)" }
}

struct StatePathParser {
    let scalars: [Unicode.Scalar]
    var position = 0

    mutating func parse() throws -> [StatePath.Component] {
        var components: [StatePath.Component] = []
        if position < scalars.count && scalars[position] == "." && scalars.count > 1 { position += 1 }
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "[" {
                components.append(try parseSubscript())
            } else if scalar == "." && !components.isEmpty {
                position += 1
                components.append(.key(try parseIdentifier()))
            } else if components.isEmpty {
                components.append(.key(try parseIdentifier()))
            } else {
                throw failure(expected: "'.' or '['")
            }
        }
        return components
    }

    private mutating func parseIdentifier() throws -> String {
        guard position < scalars.count, scalars[position].properties.isXIDStart || scalars[position] == "_" else {
            throw failure(expected: "a field name")
        }
        var name = String.UnicodeScalarView()
        while position < scalars.count, scalars[position].properties.isXIDContinue {
            name.append(scalars[position])
            position += 1
        }
        return String(name)
    }

    private mutating func parseSubscript() throws -> StatePath.Component {
        position += 1
        guard position < scalars.count else { throw failure(expected: "an index or a quoted key") }
        let component: StatePath.Component
        if scalars[position] == "\"" {
            component = .key(try parseQuotedKey())
        } else {
            var digits = ""
            while position < scalars.count, ("0"..."9").contains(scalars[position]) {
                digits.unicodeScalars.append(scalars[position])
                position += 1
            }
            guard !digits.isEmpty else { throw failure(expected: "an index or a quoted key") }
            guard let index = Int(digits) else { throw StatePathSyntaxError(column: position - digits.count + 1, expected: "an index that fits in Int", found: digits) }
            component = .index(index)
        }
        guard position < scalars.count, scalars[position] == "]" else { throw failure(expected: "']'") }
        position += 1
        return component
    }

    private mutating func parseQuotedKey() throws -> String {
        position += 1
        var key = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "\"": return String(key)
            case "\\":
                guard position < scalars.count else { throw failure(expected: "an escaped character") }
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "n": key.append("\n")
                case "t": key.append("\t")
                case "r": key.append("\r")
                case "0": key.append("\0")
                case "\"", "\\": key.append(escaped)
                case "u":
                    key.append(try parseUnicodeEscape())
                default:
                    position -= 1
                    throw failure(expected: "one of \\\" \\\\ \\n \\t \\r \\0 \\u{…}")
                }
            default: key.append(scalar)
            }
        }
        throw failure(expected: "'\"' closing the key")
    }

    private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        guard position < scalars.count, scalars[position] == "{" else { throw failure(expected: "'{' after \\u") }
        position += 1
        var hex = ""
        while position < scalars.count, scalars[position] != "}" {
            hex.unicodeScalars.append(scalars[position])
            position += 1
        }
        guard position < scalars.count, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
            throw failure(expected: "a Unicode scalar value in hex and '}'")
        }
        position += 1
        return scalar
    }

    private func failure(expected: String) -> StatePathSyntaxError {
        let found: String
        if position >= scalars.count {
            found = "end of path"
        } else {
            var text = "'"
            text.unicodeScalars.append(scalars[position])
            found = text + "'"
        }
        return StatePathSyntaxError(column: position + 1, expected: expected, found: found)
    }
}
