import Testing

@testable import ReactorShell

@Suite struct HistoryLocationTests {
    private func resolve(_ explicit: String?, _ variables: [String: String]) -> String? {
        HistoryStore.resolvePath(explicitPath: explicit, environment: { variables[$0] })
    }

    @Test func theHistoryFileFlagWinsOverEverything() {
        let variables = ["REACTOR_SHELL_HISTORY": "/env/h", "XDG_STATE_HOME": "/state", "HOME": "/home/u"]
        #expect(resolve("/flag/h", variables) == "/flag/h")
    }

    @Test func theEnvironmentOverrideComesSecond() {
        let variables = ["REACTOR_SHELL_HISTORY": "/env/h", "XDG_STATE_HOME": "/state", "HOME": "/home/u"]
        #expect(resolve(nil, variables) == "/env/h")
        #expect(resolve("", variables) == "/env/h")
    }

    @Test func xdgStateHomeComesThird() {
        #expect(resolve(nil, ["XDG_STATE_HOME": "/state", "HOME": "/home/u"]) == "/state/reactor-shell/history")
    }

    @Test func theHomeFallbackIsLocalState() {
        #expect(resolve(nil, ["HOME": "/home/u"]) == "/home/u/.local/state/reactor-shell/history")
    }

    @Test func emptyOrRelativeVariablesAreIgnored() {
        let variables = ["REACTOR_SHELL_HISTORY": "", "XDG_STATE_HOME": "relative", "HOME": "/home/u"]
        #expect(resolve(nil, variables) == "/home/u/.local/state/reactor-shell/history")
    }

    @Test func theFileNameCanBeChosen() {
        let path = HistoryStore.resolvePath(explicitPath: nil, fileName: "other", environment: { ["HOME": "/h"][$0] })
        #expect(path == "/h/.local/state/reactor-shell/other")
    }
}
