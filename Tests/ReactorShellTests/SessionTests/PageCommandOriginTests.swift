import Testing
@testable import ReactorShell

/// The live view's page commands are numbered per session (`<live view>:1`, `:2`, …), so that an
/// error and the record say which of them it was.
@MainActor
@Suite("Live view page command origins")
struct PageCommandOriginTests {
    @Test func anErrorFromTheSecondPageCommandNamesLineTwo() async {
        let harness = SessionHarness()
        await harness.run("add 1")
        #expect(await harness.session.runner.runPageCommand("add 2") == .succeeded)
        #expect(await harness.session.runner.runPageCommand("nope") == .failed)
        let stderr = harness.takeStderr()
        #expect(stderr.contains { $0.hasPrefix("<live view>:2:1: unknown action 'nope'") }, "\(stderr)")
        #expect(!stderr.contains { $0.hasPrefix("<live view>:1:") }, "\(stderr)")
    }

    @Test func theRecordNumbersThePageCommandsOnFromOne() async {
        let harness = SessionHarness(format: .json)
        await harness.run("add 1", "add 2")
        for line in ["add 3", "add 4", "nope"] { _ = await harness.session.runner.runPageCommand(line) }
        let stdout = harness.takeStdout()
        let fromThePage = stdout.filter { $0.contains(#""source":"<live view>""#) }
        #expect(fromThePage == [
            #"{"event":"input","source":"<live view>","line":1,"text":"add 3"}"#,
            #"{"event":"action","reactor":"tally","action":"add","args":{"amount":3},"source":"<live view>","line":1}"#,
            #"{"event":"input","source":"<live view>","line":2,"text":"add 4"}"#,
            #"{"event":"action","reactor":"tally","action":"add","args":{"amount":4},"source":"<live view>","line":2}"#,
            #"{"event":"input","source":"<live view>","line":3,"text":"nope"}"#,
            #"{"event":"error","source":"<live view>","line":3,"column":1,"message":"unknown action 'nope'; the actions of tally are add, slowAdd, rename, explode, timeoutAdd"}"#,
        ], "\(stdout)")
        #expect(stdout.filter { $0.contains(#""source":"test.rsh""#) }.count == 2, "\(stdout)")
    }

    /// A page command is bounded by `--max-line-length` as a script's line is: over it, it is
    /// refused where it came from and not run (an 8 MB one ran, the shell reading it for seconds).
    @Test func aPageCommandOverTheLineLimitIsRefusedAndNotRun() async {
        let harness = SessionHarness { $0.maximumLineLength = 16 }
        #expect(await harness.session.runner.runPageCommand("rename " + String(repeating: "x", count: 10)) == .failed)
        #expect(await harness.session.runner.runPageCommand("rename fits") == .succeeded)
        let stderr = harness.takeStderr()
        #expect(stderr == ["<live view>:1:1: line longer than 16 bytes (the limit; see --max-line-length); the line was skipped"])
        let stdout = harness.takeStdout().joined(separator: "\n")
        #expect(!stdout.contains("xxxxxxxxxx") && stdout.contains("fits"), "\(stdout)")
    }
}
