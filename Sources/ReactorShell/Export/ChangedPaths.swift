import StateDiff

/// The paths a mutation changed, read from what the terminal showed of it (its block in the
/// ``SessionRecord``): the diagram's note over the reactor. The record keeps no state, only what
/// was shown, so this reads the block the printer wrote: in text, the change lines (indented six
/// blanks, `PATH: OLD → NEW`, `+ PATH: VALUE`, `- PATH: VALUE`); in JSON, the event's patch.
enum ChangedPaths {
    /// At most this many paths are named; the note says how many more.
    static let shown = 6

    /// The note for a mutation whose block is `output`: its paths (`title, canSubmit`),
    /// `(no change)`, or nil when nothing was shown (diffs off).
    static func note(for output: [String]) -> String? {
        guard let first = output.first else { return nil }
        var paths: [String] = []
        if first.hasPrefix("{") {
            guard let event = try? StateValue(jsonText: first) else { return nil }
            paths = fromPatch(event["patch"])
        } else {
            for line in output.dropFirst() {
                guard let path = fromChangeLine(line), !paths.contains(path) else { continue }
                paths.append(path)
            }
        }
        if paths.isEmpty { return "(no change)" }
        let named = paths.prefix(shown).joined(separator: ", ")
        return paths.count > shown ? named + ", … \(paths.count - shown) more" : named
    }

    /// The path of a text change line, nil for any other line (a continuation, a note).
    static func fromChangeLine(_ line: String) -> String? {
        let indent = String(repeating: " ", count: 6)
        guard line.hasPrefix(indent) else { return nil }
        var rest = line.dropFirst(indent.count)
        guard let first = rest.first, first != " ", first != "(" else { return nil }
        if rest.hasPrefix("+ ") || rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
        // The path ends at the first `: ` outside a quoted key (`["a: b"]`).
        var inQuotes = false, escaped = false
        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            if escaped {
                escaped = false
            } else if character == "\\" && inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ":" && !inQuotes {
                let next = rest.index(after: index)
                if next == rest.endIndex || rest[next] == " " { return String(rest[..<index]) }
            }
            index = rest.index(after: index)
        }
        return nil
    }

    /// The paths of a JSON Patch, as the text output writes them (`posts[0].title`).
    private static func fromPatch(_ patch: StateValue?) -> [String] {
        guard case .array(let operations)? = patch else { return [] }
        var paths: [String] = []
        for operation in operations {
            guard case .string(let patchPath)? = operation["path"] else { continue }
            let path = statePath(patchPath)
            if !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// `/posts/0/title` → `posts[0].title`.
    private static func statePath(_ patchPath: String) -> String {
        var path = ""
        for component in patchPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = String(component).replacing("~1", with: "/").replacing("~0", with: "~")
            if !key.isEmpty, key.allSatisfy(\.isNumber) {
                path += "[\(key)]"
            } else {
                path += path.isEmpty ? key : "." + key
            }
        }
        return path.isEmpty ? "(the whole state)" : path
    }
}
