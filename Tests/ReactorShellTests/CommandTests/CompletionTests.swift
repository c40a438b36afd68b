import Testing
@testable import ReactorShell

private func boardContext() -> CompletionContext { CompletionContext(
    registryNames: { ["counter", "github-search", "scoreboard", "board"] },
    reactors: {
        [
            ReactorCommandTable(name: "board", signatures: [
                CommandSignature(name: "refresh", doc: "", parameters: []),
                CommandSignature(name: "delete", doc: "", parameters: [.int("id")]),
            ]),
            ReactorCommandTable(name: "write", signatures: [
                CommandSignature(name: "updateTitle", doc: "", parameters: [.string("title")]),
                CommandSignature(name: "submit", doc: "", parameters: []),
                CommandSignature(name: "configure", doc: "", parameters: [.bool("draft"), .optionalString("tag"), .int("limit", default: 3)]),
            ]),
        ]
    },
    focusedReactor: { "board" },
    statePaths: { reactor in reactor == "write" ? ["title", "content", "canSubmit", "isDismissed"] : ["posts", "posts.count"] },
    fileNames: { partial in ["examples/counter.rsh", "examples/board.rsh", "README.md"].filter { $0.hasPrefix(partial) } }
) }

/// Completes `line` with the cursor at its end (or at the `|` marker).
private func complete(_ line: String) -> Completion {
    if let marker = line.firstIndex(of: "|") {
        let cursor = line.utf8.distance(from: line.startIndex, to: marker)
        return CompletionEngine.complete(line: line.filter { $0 != "|" }, cursor: cursor, context: boardContext())
    }
    return CompletionEngine.complete(line: line, cursor: line.utf8.count, context: boardContext())
}

@Suite struct CompletionTests {
    @Test func metaCommandsAfterAColon() {
        #expect(complete(":us") == Completion(start: 0, candidates: [":use"]))
        #expect(complete(":re").candidates == [":reactors", ":redo", ":reset"])
        #expect(complete(":").candidates == MetaCommandHelp.names)
    }

    @Test func focusedActionsAndReactorPrefixes() {
        #expect(complete("re").candidates == ["refresh"])
        #expect(complete("").candidates == ["refresh", "delete", "board.", "write."])
        #expect(complete("w").candidates == ["write."])
    }

    @Test func qualifiedActionsAfterAPrefix() {
        #expect(complete("write.up") == Completion(start: 0, candidates: ["write.updateTitle"]))
        #expect(complete("write.").candidates == ["write.updateTitle", "write.submit", "write.configure"])
        #expect(complete("nope.x").candidates.isEmpty)
    }

    @Test func argumentLabelsAfterTheActionName() {
        #expect(complete("delete ") == Completion(start: 7, candidates: ["id:"]))
        #expect(complete("write.configure d").candidates == ["draft:"])
        #expect(complete("write.configure draft: true ").candidates == ["tag:", "limit:"])
        #expect(complete("write.configure limit=2 ").candidates == ["draft:", "tag:"])
        #expect(complete("refresh ").candidates.isEmpty)
        #expect(complete("write.configure false ").candidates == ["tag:", "limit:"])
        #expect(complete("write.configure tag: x ").candidates == ["draft:", "limit:"])
    }

    @Test func literalValuesAfterABoolOrOptionalLabel() {
        #expect(complete("write.configure draft: ").candidates == ["true", "false"])
        #expect(complete("write.configure tag: n").candidates == ["nil"])
    }

    @Test func registryNamesAfterUse() {
        #expect(complete(":use c") == Completion(start: 5, candidates: ["counter"]))
        #expect(complete(":use ").candidates == ["counter", "github-search", "scoreboard", "board"])
    }

    @Test func reactorNamesAfterFocusActionsAndReset() {
        #expect(complete(":focus w").candidates == ["write"])
        #expect(complete(":actions ").candidates == ["board", "write"])
        #expect(complete(":reset b").candidates == ["board"])
    }

    @Test func fileNamesAfterLoadAndSave() {
        #expect(complete(":load examples/c") == Completion(start: 6, candidates: ["examples/counter.rsh"]))
        #expect(complete(":save R").candidates == ["README.md"])
    }

    @Test func loadOptionsBeforeTheFileName() {
        #expect(complete(":load -").candidates == ["--step", "--echo"])
        #expect(complete(":load --step --").candidates == ["--echo"])
        #expect(complete(":load --step examples/b") == Completion(start: 13, candidates: ["examples/board.rsh"]))
        #expect(complete(":load --echo --step R").candidates == ["README.md"])
        #expect(complete(":load examples/board.rsh ").candidates.isEmpty)
    }

    @Test func statePathsWithReactorPrefixes() {
        #expect(complete(":state p").candidates == ["posts", "posts.count"])
        #expect(complete(":state ").candidates == ["posts", "posts.count", "board:", "write:"])
        #expect(complete(":expect write:is") == Completion(start: 8, candidates: ["write:isDismissed"]))
        #expect(complete(":expect write:isDismissed ").candidates == ["==", "!=", "<", "<=", ">", ">=", "contains"])
        #expect(complete(":expect posts.count =").candidates == ["=="])
    }

    @Test func settingsAndTheirValues() {
        #expect(complete(":set f").candidates == ["format"])
        #expect(complete(":set color ").candidates == ["auto", "always", "never"])
    }

    @Test func helpOffersCommandsAndActions() {
        #expect(complete(":help :ex").candidates == [":expect", ":explore", ":exit"])
        #expect(complete(":help del").candidates == ["delete"])
    }

    @Test func completionWorksInTheMiddleOfALine() {
        #expect(complete(":us| counter") == Completion(start: 0, candidates: [":use"]))
    }

    @Test func startIsAUTF8Offset() {
        #expect(complete("write.updateTitle \"é\" ") == Completion(start: 23, candidates: []))
    }
}
