import Testing
@testable import ReactorShell

/// The lines of the session's record (`:save --transcript`, `:diagram`), kept as bytes: every line
/// comes back as given, with its source, number and depth.
@Suite struct SessionInputTests {
    private func lines(_ input: SessionInput) -> [String] {
        input.lines.map { "\($0.origin.source):\($0.origin.line):\($0.text)" }
    }

    @Test func linesComeBackWithTheirSourcesAndNumbers() {
        var input = SessionInput()
        input.append("increase", origin: LineOrigin(source: "a.rsh", line: 1))
        input.append("", origin: LineOrigin(source: "a.rsh", line: 2))
        // Line 3 skipped (invalid UTF-8, say): the numbers go on from 4.
        input.append("setScore 1 2 # é", origin: LineOrigin(source: "a.rsh", line: 4))
        input.append("decrease", origin: LineOrigin(source: "b.rsh", line: 5))
        input.append("decrease", origin: LineOrigin(source: "b.rsh", line: 6))
        input.append(":use counter", origin: LineOrigin(source: "<stdin>", line: 1))
        input.append("increase", origin: LineOrigin(source: "<stdin>", line: 1))
        input.append("naïve", origin: LineOrigin(source: "a.rsh", line: 7))
        #expect(lines(input) == [
            "a.rsh:1:increase", "a.rsh:2:", "a.rsh:4:setScore 1 2 # é", "b.rsh:5:decrease", "b.rsh:6:decrease",
            "<stdin>:1::use counter", "<stdin>:1:increase", "a.rsh:7:naïve",
        ])
        #expect(input.count == 8)
        #expect(!input.overflowed)
    }

    @Test func linesOfLoadedFilesKeepTheirDepth() {
        var input = SessionInput()
        input.append(":load a.rsh", origin: LineOrigin(source: "<stdin>", line: 1))
        input.append("increase", origin: LineOrigin(source: "a.rsh", line: 1), depth: 1)
        input.append(":load b.rsh", origin: LineOrigin(source: "a.rsh", line: 2), depth: 1)
        input.append("decrease", origin: LineOrigin(source: "b.rsh", line: 1), depth: 2)
        input.append("increase", origin: LineOrigin(source: "a.rsh", line: 3), depth: 1)
        input.append("reset", origin: LineOrigin(source: "<stdin>", line: 2))
        #expect(input.lines.map { "\($0.depth) \($0.origin.source):\($0.origin.line):\($0.text)" } == [
            "0 <stdin>:1::load a.rsh", "1 a.rsh:1:increase", "1 a.rsh:2::load b.rsh", "2 b.rsh:1:decrease",
            "1 a.rsh:3:increase", "0 <stdin>:2:reset",
        ])
    }

    @Test func aCopyKeepsItsOwnLinesWhileTheOriginalGrows() {
        var input = SessionInput()
        input.append("first", origin: LineOrigin(source: "s", line: 1))
        let copy = input
        for number in 2...10_000 { input.append("line \(number)", origin: LineOrigin(source: "s", line: number)) }
        #expect(lines(copy) == ["s:1:first"])
        #expect(input.lines.last.map { "\($0.origin.line):\($0.text)" } == "10000:line 10000")
    }

    @Test func linesPastTheLimitAreDroppedAndSaid() {
        var input = SessionInput()
        for number in 1...(ReplayScript.limit + 2) { input.append("x", origin: LineOrigin(source: "s", line: number)) }
        #expect(input.count == ReplayScript.limit)
        #expect(input.overflowed)
    }
}
