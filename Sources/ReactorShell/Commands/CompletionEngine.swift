/// Completes the word under the cursor from the command declarations and the session (pure logic).
public enum CompletionEngine {
    /// The completion of `line` at the UTF-8 offset `cursor`.
    public static func complete(line: String, cursor: Int, context: CompletionContext) -> Completion {
        let bytes = Array(line.utf8.prefix(max(0, cursor)))
        var start = bytes.count
        while start > 0 && bytes[start - 1] != 0x20 && bytes[start - 1] != 0x09 { start -= 1 }
        let word = String(decoding: bytes[start...], as: UTF8.self)
        let before = String(decoding: bytes[..<start], as: UTF8.self)
        let previous = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let candidates = candidatesFor(word: word, previous: previous, context: context)
        var seen = Set<String>()
        return Completion(start: start, candidates: candidates.filter { $0.hasPrefix(word) && seen.insert($0).inserted })
    }

    private static func candidatesFor(word: String, previous: [String], context: CompletionContext) -> [String] {
        guard let first = previous.first else {
            if word.hasPrefix(":") { return context.metaCommands }
            return actionNames(word: word, context: context)
        }
        if first.hasPrefix(":") {
            return metaArgument(command: first, index: previous.count - 1, word: word, previous: previous, context: context)
        }
        return argumentCandidates(action: first, previous: Array(previous.dropFirst()), context: context)
    }

    /// Focused actions, `REACTOR.` prefixes, and `REACTOR.ACTION` once a prefix is typed.
    private static func actionNames(word: String, context: CompletionContext) -> [String] {
        let reactors = context.reactors()
        if let dot = word.firstIndex(of: ".") {
            let prefix = String(word[..<dot])
            guard let table = reactors.first(where: { $0.name == prefix }) else { return [] }
            return table.signatures.map { prefix + "." + $0.name }
        }
        var names: [String] = []
        if let focused = context.focusedReactor(), let table = reactors.first(where: { $0.name == focused }) {
            names += table.signatures.map(\.name)
        }
        names += reactors.map { $0.name + "." }
        return names
    }

    private static func metaArgument(command: String, index: Int, word: String, previous: [String], context: CompletionContext) -> [String] {
        switch (command, index) {
        case (":use", 0): return context.registryNames()
        case (":focus", 0), (":actions", 0), (":reset", 0): return context.reactors().map(\.name)
        case (":load", _) where previous.dropFirst().allSatisfy({ $0.hasPrefix("--") }):
            // Options first, then the file.
            let options = ["--step", "--echo"].filter { !previous.contains($0) }
            return word.hasPrefix("-") ? options : context.fileNames(word)
        case (":save", _) where previous.dropFirst().allSatisfy({ $0.hasPrefix("--") }):
            let options = previous.count > 1 ? [] : ["--expect", "--transcript"]
            return word.hasPrefix("-") ? options : context.fileNames(word)
        case (":diagram", 0): return context.fileNames(word)
        case (":state", 0), (":expect", 0), (":watch", 0), (":unwatch", 0), (":break", 0), (":unbreak", 0):
            return statePaths(word: word, context: context)
        case (":expect", 1), (":break", 1): return ExpectationOperator.allCases.map(\.symbol)
        case (":help", 0): return context.metaCommands + actionNames(word: word, context: context)
        case (":set", 0): return MetaCommandHelp.settings.map(\.name)
        case (":set", 1): return MetaCommandHelp.settings.first { $0.name == previous[1] }?.values ?? []
        default: return []
        }
    }

    /// Paths of the focused reactor and `REACTOR:` prefixes; after a prefix, that reactor's paths.
    private static func statePaths(word: String, context: CompletionContext) -> [String] {
        let reactors = context.reactors()
        if let colon = word.firstIndex(of: ":") {
            let prefix = String(word[..<colon])
            guard reactors.contains(where: { $0.name == prefix }) else { return [] }
            return context.statePaths(prefix).map { prefix + ":" + $0 }
        }
        return context.statePaths(nil) + (reactors.count > 1 ? reactors.map { $0.name + ":" } : [])
    }

    /// Labels of parameters not yet given, by label or position (`home:`), or the literal values of a Bool / optional parameter after its label.
    private static func argumentCandidates(action: String, previous: [String], context: CompletionContext) -> [String] {
        guard let signature = signature(of: action, context: context) else { return [] }
        if let last = previous.last, last.hasSuffix(":") || last.hasSuffix("="),
           let parameter = signature.parameter(String(last.dropLast())) {
            return literalValues(for: parameter)
        }
        var used = Set<String>()
        var positionalCount = 0
        var index = 0
        while index < previous.count {
            let argument = previous[index]
            if let marker = argument.firstIndex(where: { $0 == ":" || $0 == "=" }) {
                used.insert(String(argument[..<marker]))
                // `label:` followed by a blank: the value is the next word.
                if argument.index(after: marker) == argument.endIndex { index += 1 }
            } else {
                positionalCount += 1
            }
            index += 1
        }
        var open = signature.parameters.filter { !used.contains($0.label) }
        open.removeFirst(min(positionalCount, open.count))
        return open.map { $0.label + ":" }
    }

    private static func literalValues(for parameter: CommandParameter) -> [String] {
        var values = parameter.type == .bool ? ["true", "false"] : []
        if parameter.isOptional { values.append("nil") }
        return values
    }

    private static func signature(of action: String, context: CompletionContext) -> CommandSignature? {
        let reactors = context.reactors()
        if let dot = action.firstIndex(of: ".") {
            let prefix = String(action[..<dot])
            return reactors.first { $0.name == prefix }?.signature(named: String(action[action.index(after: dot)...]))
        }
        guard let focused = context.focusedReactor() else { return nil }
        return reactors.first { $0.name == focused }?.signature(named: action)
    }
}
