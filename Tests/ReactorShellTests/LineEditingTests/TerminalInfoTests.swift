import Glibc
import Testing

@testable import ReactorShell

@Suite struct TerminalInfoTests {
    private func color(_ choice: ColorMode, terminal: Bool, _ variables: [String: String] = [:]) -> Bool {
        TerminalInfo.colorEnabled(choice: choice, standardOutputIsTerminal: terminal, environment: { variables[$0] })
    }

    @Test func autoColoursOnlyATerminal() {
        #expect(color(.auto, terminal: true, ["TERM": "xterm-256color"]))
        #expect(!color(.auto, terminal: false, ["TERM": "xterm-256color"]))
    }

    @Test func noColorTurnsAutoOff() {
        #expect(!color(.auto, terminal: true, ["NO_COLOR": "1", "TERM": "xterm"]))
        #expect(color(.auto, terminal: true, ["NO_COLOR": "", "TERM": "xterm"]))
    }

    @Test func aDumbTerminalGetsNoColourOnAuto() {
        #expect(!color(.auto, terminal: true, ["TERM": "dumb"]))
    }

    @Test func alwaysAndNeverIgnoreEverythingElse() {
        #expect(color(.always, terminal: false, ["NO_COLOR": "1", "TERM": "dumb"]))
        #expect(!color(.never, terminal: true, ["TERM": "xterm"]))
    }

    @Test func aPipeIsNotATerminal() {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        #expect(!TerminalInfo.isTerminal(descriptors[0]))
    }
}
