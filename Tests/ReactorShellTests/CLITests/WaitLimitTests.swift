import Testing

@testable import ReactorShell

@Suite("Wait limits")
struct WaitLimitTests {
    @Test func theWaitAfterAnActionOutlastsTheLongestNetworkTimeout() {
        // github-search's --network-timeout is at most 10 s; its own timeout must come first.
        #expect(ShellConfiguration.defaultWaitLimit == .seconds(10))
        #expect(ShellConfiguration.actionWaitLimit == .seconds(11))
    }
}
