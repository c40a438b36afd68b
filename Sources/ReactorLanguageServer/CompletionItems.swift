import ReactorShell
import StateDiff

/// `textDocument/completion`: the shell's own ``CompletionEngine`` on the line up to the cursor,
/// in the scene the line runs in; each candidate becomes an item with its kind, and a signature
/// or help line where the shell has one.
@MainActor
enum CompletionItems {
    /// LSP `CompletionItemKind` values.
    enum Kind: Int {
        case function = 3, field = 5, module = 9, property = 10, value = 12, keyword = 14, file = 17, folder = 19, `operator` = 24
    }

    /// The completion list at UTF-16 `character` of `line`, in `scene`.
    static func list(
        line: ScriptLine, lineNumber: Int, character: Int, scene: SceneAtLine, registry: Registry, directory: String?
    ) -> StateValue {
        let cursor = line.utf8Offset(ofUTF16: character)
        let context = scene.completionContext(registry: registry, directory: directory)
        let completion = CompletionEngine.complete(line: line.text, cursor: cursor, context: context)
        let start = line.utf16Offset(ofUTF8: completion.start)
        let end = line.utf16Offset(ofUTF8: cursor)
        let describe = Describer(line: line.text, scene: scene, registry: registry)
        let items: [StateValue] = completion.candidates.enumerated().map { rank, candidate in
            let (kind, detail, documentation) = describe(candidate)
            return .fields([
                "label": .string(candidate),
                "kind": .int(kind.rawValue),
                "detail": detail.map(StateValue.string),
                "documentation": documentation.map(StateValue.string),
                "sortText": .string(String(rank + 100_000)),
                "textEdit": .fields([
                    "range": LineRange(line: lineNumber, start: start, end: end).json,
                    "newText": .string(candidate),
                ]),
            ])
        }
        return .fields(["isIncomplete": .bool(false), "items": .array(items)])
    }


}

/// Names what a candidate is, from the same declarations the engine completed it from.
@MainActor
private struct Describer {
    let line: String
    let scene: SceneAtLine
    let registry: Registry

    func callAsFunction(_ candidate: String) -> (CompletionItems.Kind, String?, String?) {
        if let help = MetaCommandHelp.entry(named: candidate), candidate.hasPrefix(":") {
            return (.keyword, help.usage, help.summary)
        }
        if candidate.hasPrefix("--") { return (.keyword, nil, nil) }
        let reactors = scene.shape?.tables.map(\.name) ?? []
        if candidate.hasSuffix("."), reactors.contains(String(candidate.dropLast())) {
            return (.module, "reactor", nil)
        }
        let firstWord = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        if !firstWord.hasPrefix(":"), candidate.hasSuffix(":"), let action = scene.signature(ofAction: firstWord),
           let parameter = action.parameter(String(candidate.dropLast())) {
            return (.property, parameter.signature, action.signatureText)
        }
        if candidate.hasSuffix(":"), reactors.contains(String(candidate.dropLast())) {
            return (.module, "reactor's state", nil)
        }
        if let signature = scene.signature(ofAction: candidate), !firstWord.hasPrefix(":") || firstWord == ":help" {
            return (.function, signature.signatureText, signature.doc.isEmpty ? nil : signature.doc)
        }
        if let entry = registry.entry(named: candidate), firstWord == ":use" {
            return (.module, "registry entry", entry.summary)
        }
        if reactors.contains(candidate) { return (.module, "reactor", nil) }
        if ComparisonOperator(rawValue: candidate) != nil { return (.operator, nil, nil) }
        if ["true", "false", "nil", "on", "off"].contains(candidate) { return (.value, nil, nil) }
        if [":load", ":save", ":diagram"].contains(firstWord) {
            return candidate.hasSuffix("/") ? (.folder, nil, nil) : (.file, nil, nil)
        }
        if firstWord == ":set" { return (.value, nil, nil) }
        return (.field, "state path", nil)
    }
}
