import Testing
@testable import ReactorShell

/// The session's top-level input (`:save --transcript`, `:diagram`), kept as bytes: every line
/// comes back as given, with its source and number.
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
