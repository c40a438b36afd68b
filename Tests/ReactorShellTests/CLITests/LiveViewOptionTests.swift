import Testing
@testable import ReactorShell

/// `--serve`, `--serve-port`, `--serve-host`, `run --serve-exit` and `run --html` on the command line.
struct LiveViewOptionTests {
    private func configuration(_ arguments: [String]) -> ShellConfiguration? {
        switch LaunchPlan.parse(arguments, environment: [:]) {
        case .shell(let configuration), .run(let configuration, _): configuration
        default: nil
        }
    }

    @Test func noServeOptionMeansNoLiveView() {
        #expect(configuration([])?.liveView == nil)
        #expect(configuration(["run", "a.rsh"])?.liveView == nil)
        #expect(configuration(["run", "--format", "json", "a.rsh"])?.htmlFile == nil)
    }

    @Test func serveTakesTheDefaults() {
        var expected = LiveViewSettings()
        expected.port = 8421
        expected.host = "127.0.0.1"
        #expect(configuration(["--serve"])?.liveView == expected)
        #expect(configuration(["run", "--serve", "a.rsh"])?.liveView == expected)
    }

    @Test func aPortOrAHostImpliesServe() {
        #expect(configuration(["--serve-port", "0"])?.liveView?.port == 0)
        #expect(configuration(["run", "--serve-host", "0.0.0.0", "a.rsh"])?.liveView?.host == "0.0.0.0")
        #expect(configuration(["run", "--serve-host", "0.0.0.0", "a.rsh"])?.liveView?.isWiderThanLoopback == true)
        #expect(configuration(["--serve"])?.liveView?.isWiderThanLoopback == false)
    }

    /// `--bail` and `--echo` work without `run` for a script piped in: the live view's options
    /// and `run`'s others beside them were dropped (no view, no export, no word said).
    @Test func theOptionsBesideBailOrEchoWithoutRunAreKept() {
        #expect(configuration(["--bail", "--serve-port", "0"])?.liveView?.port == 0)
        #expect(configuration(["--serve", "--echo"])?.liveView == configuration(["--serve"])?.liveView)
        #expect(configuration(["--echo", "--serve-host", "127.0.0.2"])?.liveView?.host == "127.0.0.2")
        #expect(configuration(["--bail", "--serve", "--serve-exit"])?.liveView?.keepsServingAfterRun == false)
        #expect(configuration(["--bail", "--html", "out.html"])?.htmlFile == "out.html")
        #expect(configuration(["--echo", "--diagram", "d.mmd", "--transcript", "t.md"])?.transcriptFile == "t.md")
        #expect(configuration(["--bail"])?.liveView == nil)
        #expect(configuration(["--bail"])?.htmlFile == nil)
    }

    @Test func serveExitStopsServingAfterTheRun() {
        #expect(configuration(["run", "--serve", "a.rsh"])?.liveView?.keepsServingAfterRun == true)
        #expect(configuration(["run", "--serve", "--serve-exit", "a.rsh"])?.liveView?.keepsServingAfterRun == false)
    }

    @Test func htmlNamesTheExport() {
        #expect(configuration(["run", "--html", "out.html", "a.rsh"])?.htmlFile == "out.html")
        #expect(configuration(["run", "--html", "out.html", "a.rsh"])?.liveView == nil)
    }

    @Test func badPortsAreUsageErrors() {
        guard case .usageError(let text) = LaunchPlan.parse(["--serve-port", "65536"], environment: [:]) else {
            Issue.record("expected a usage error")
            return
        }
        #expect(text.contains("--serve-port must be 0 to 65535, found '65536'"))
    }
}
