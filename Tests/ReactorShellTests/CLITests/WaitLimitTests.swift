import Testing

@testable import ReactorShell

@Suite("Wait limits and the network timeout")
struct WaitLimitTests {
    @Test func theWaitAfterAnActionOutlastsTheNetworkTimeout() {
        var configuration = ShellConfiguration()
        #expect(configuration.networkTimeout == .seconds(10))
        #expect(configuration.actionWaitLimit == .seconds(11))
        configuration.networkTimeout = .milliseconds(300)
        #expect(configuration.actionWaitLimit == .seconds(10))
        configuration.networkTimeout = .seconds(30)
        #expect(configuration.actionWaitLimit == .seconds(31))
    }

    @Test func networkTimeoutTakesALanguageDurationAboveZero() throws {
        guard case .run(let configuration, _) = LaunchPlan.parse(["run", "--network-timeout", "1.5s", "x.rsh"], environment: [:]) else {
            Issue.record("not a run plan")
            return
        }
        #expect(configuration.networkTimeout == .milliseconds(1_500))
        for bad in ["0s", "5", "-1s", "soon"] {
            guard case .usageError = LaunchPlan.parse(["run", "--network-timeout", bad, "x.rsh"], environment: [:]) else {
                Issue.record("'\(bad)' accepted")
                continue
            }
        }
    }
}
