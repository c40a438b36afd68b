import Testing
@testable import ReactorShell

private func signatures(_ names: String...) -> [CommandSignature] {
    names.map { CommandSignature(name: $0, doc: "", parameters: []) }
}

private let counterScene = [ReactorCommandTable(name: "counter", signatures: signatures("increase", "decrease"))]
private let boardScene = [
    ReactorCommandTable(name: "board", signatures: signatures("refresh", "delete")),
    ReactorCommandTable(name: "write", signatures: signatures("updateTitle", "updateContent", "submit")),
]

private func resolve(_ line: String, focused: String? = "counter", in scene: [ReactorCommandTable] = counterScene) throws(Diagnostic) -> ResolvedAction {
    guard case .action(let invocation)? = try? ScriptParser.parse(line, origin: LineOrigin(source: "s.rsh", line: 2)) else {
        throw Diagnostic(source: "test", line: 0, column: 0, message: "not an action line")
    }
    return try ActionResolver.resolve(invocation, focused: focused, reactors: scene)
}

private func resolveError(_ line: String, focused: String? = "counter", in scene: [ReactorCommandTable] = counterScene) -> String? {
    do {
        _ = try resolve(line, focused: focused, in: scene)
        return nil
    } catch {
        return error.description
    }
}

@Suite struct ActionResolverTests {
    @Test func plainNamesGoToTheFocusedReactor() throws {
        let resolved = try resolve("decrease")
        #expect(resolved.reactorName == "counter")
        #expect(resolved.reactorIndex == 0)
        #expect(resolved.commandIndex == 1)
        #expect(resolved.signature.name == "decrease")
    }

    @Test func prefixedNamesGoToTheNamedReactor() throws {
        let resolved = try resolve("write.submit", focused: "board", in: boardScene)
        #expect(resolved.reactorName == "write")
        #expect(resolved.reactorIndex == 1)
        #expect(resolved.commandIndex == 2)
    }

    @Test func unknownActionSuggestsTheNearest() {
        #expect(resolveError("increse") == "s.rsh:2:1: unknown action 'increse'; did you mean 'increase'?")
    }

    @Test func unknownActionWithNothingNearListsTheActions() {
        #expect(resolveError("xyz") == "s.rsh:2:1: unknown action 'xyz'; the actions of counter are increase, decrease")
        #expect(resolveError("xyz", focused: "board", in: boardScene)
            == "s.rsh:2:1: unknown action 'xyz'; the actions of board are refresh, delete; other reactors: write.")
    }

    @Test func anActionOfAnotherReactorIsSuggestedWithItsPrefix() {
        #expect(resolveError("submit", focused: "board", in: boardScene) == "s.rsh:2:1: unknown action 'submit'; did you mean 'write.submit'?")
        #expect(resolveError("updateTitel", focused: "board", in: boardScene) == "s.rsh:2:1: unknown action 'updateTitel'; did you mean 'write.updateTitle'?")
        #expect(resolveError("write.refersh", focused: "board", in: boardScene) == "s.rsh:2:1: unknown action 'write.refersh'; did you mean 'board.refresh'?")
    }

    @Test func unknownReactorSuggestsTheNearest() {
        #expect(resolveError("wrte.submit", focused: "board", in: boardScene) == "s.rsh:2:1: unknown reactor 'wrte'; did you mean 'write'?")
        #expect(resolveError("zzz.submit", focused: "board", in: boardScene) == "s.rsh:2:1: unknown reactor 'zzz'; the scene has board, write")
    }

    @Test func withoutASceneTheUserIsToldToLoadOne() {
        #expect(resolveError("increase", focused: nil, in: []) == "s.rsh:2:1: no scene is loaded; load one with :use NAME (see :reactors)")
        #expect(resolveError("counter.increase", focused: nil, in: []) == "s.rsh:2:1: unknown reactor 'counter'; no scene is loaded (try :use NAME)")
    }

    @Test func actionNamesAreCaseSensitive() {
        #expect(resolveError("Increase") == "s.rsh:2:1: unknown action 'Increase'; did you mean 'increase'?")
    }
}
