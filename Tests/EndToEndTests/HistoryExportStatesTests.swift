import Testing
import TestSupport

/// The patches of an HTML export's mutations (issue 27, gap 1): the counter's `increase` is one
/// step of four mutations. Where an export can be asked for at a cost nobody counts (`run --html`,
/// a live view served, the interactive shell) each mutation has its own patch; a plain batch run
/// does not keep the states between them, and its `:save --html` puts the step's whole change on
/// its last mutation (docs/output.md).
@Suite("The patches of an HTML export's mutations")
struct HistoryExportStatesTests {
    /// The export's mutation events, one a line, in order.
    private static func mutations(in page: String) -> [Substring] {
        page.split(separator: "\n").filter { $0.hasPrefix(#"{"event":"mutation""#) }
    }

    /// Expects the four mutations of the first `increase` to have their own patches.
    private static func expectOwnPatches(in page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let events = mutations(in: page)
        #expect(events.count >= 4, "\(events)", sourceLocation: sourceLocation)
        guard events.count >= 4 else { return }
        let expected = [
            (#""mutation":"setLoading(true)""#, #"{"op":"replace","path":"/isLoading","old":false,"value":true}"#),
            (#""mutation":"increaseValue""#, #"{"op":"replace","path":"/value","old":0,"value":1}"#),
            (#""mutation":"setLoading(false)""#, #"{"op":"replace","path":"/isLoading","old":true,"value":false}"#),
            (#""mutation":"setAlertMessage"#, #"{"op":"replace","path":"/alertMessage","old":null,"value":"increased!"}"#),
        ]
        for (event, (label, patch)) in zip(events, expected) {
            #expect(event.contains(label) && event.contains(#""patch":[\#(patch)]"#), "\(event)", sourceLocation: sourceLocation)
        }
    }

    @Test("run --html: each mutation of increase has its own patch, isLoading: true on the first")
    func runHTMLKeepsTheStatesWithinASteps() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run("increase\nincrease\n", options: ["--html", "export.html"])
            #expect(result.status == 0, "\(result.transcript)")
            Self.expectOwnPatches(in: try workspace.read("export.html"))
        }
    }

    @Test(":serve in a plain run keeps them from there on; before it, the step's last mutation carries the change")
    func servingInAPlainRunKeepsThemFromThere() async throws {
        try await withWorkspace { workspace in
            let script = "increase\n:save --html plain.html\n:serve 0\nincrease\n:save --html served.html\n:serve stop\n"
            let result = try await workspace.run(script)
            #expect(result.status == 0, "\(result.transcript)")
            // Before `:serve`: the plain run kept nothing within the step.
            let plain = Self.mutations(in: try workspace.read("plain.html"))
            #expect(plain.count == 4, "\(plain)")
            #expect(plain.prefix(3).allSatisfy { $0.contains(#""patch":[]"#) }, "\(plain)")
            #expect(plain.last?.contains(#"{"op":"replace","path":"/value","old":0,"value":1}"#) == true, "\(plain)")
            // After it: the second `increase`'s mutations have their own patches.
            let served = Self.mutations(in: try workspace.read("served.html"))
            #expect(served.count == 8, "\(served)")
            #expect(
                served.dropFirst(4).first?.contains(#""patch":[{"op":"replace","path":"/isLoading","old":false,"value":true}]"#) == true,
                "\(served)")
            #expect(served.dropFirst(5).first?.contains(#""patch":[{"op":"replace","path":"/value","old":1,"value":2}]"#) == true, "\(served)")
        }
    }
}

/// The same in the interactive shell, typed in a terminal.
@Suite("The patches of an HTML export typed interactively", .serialized, .enabled(if: TerminalSession.isAvailable, "needs tmux"))
struct InteractiveHistoryExportStatesTests {
    @Test func anExportSavedInTheInteractiveShellHasEachMutationsPatch() async throws {
        let home = try InteractiveHome()
        let terminal = try await home.startShell()
        try terminal.enter("increase")
        _ = try await terminal.waitUntil("the whole increase") {
            $0.contains("alertMessage: nil → \"increased!\"") && lastLine(of: $0) == "counter>"
        }
        try terminal.enter(":save --html typed.html")
        _ = try await terminal.waitFor("saved the live view's page")
        let page = try #require(home.text(of: "typed.html"))
        let first = page.split(separator: "\n").first { $0.contains(#""mutation":"setLoading(true)""#) }
        #expect(first?.contains(#""patch":[{"op":"replace","path":"/isLoading","old":false,"value":true}]"#) == true, "\(first ?? "none")")
    }
}
