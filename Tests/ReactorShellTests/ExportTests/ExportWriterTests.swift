import Testing
@testable import ReactorShell

/// The transcript and diagram writers on made-up replays: what they do with the awkward cases.
@MainActor
@Suite("Transcript and diagram writers")
struct ExportWriterTests {
    static func command(_ text: String, _ output: [String], prompt: String = "counter> ") -> SessionReplay.Step {
        SessionReplay.Step(kind: .command, text: text, prompt: prompt, output: output, usedEntry: nil)
    }

    @Test func linesAreClassifiedForTheTranscript() {
        #expect(SessionReplay.kind(of: "# Hello") == .comment("Hello"))
        #expect(SessionReplay.kind(of: "#tight") == .comment("tight"))
        #expect(SessionReplay.kind(of: "") == .blank)
        #expect(SessionReplay.kind(of: ":pause \"Look\"") == .pause("Look"))
        #expect(SessionReplay.kind(of: ":pause") == .pause(""))
        #expect(SessionReplay.kind(of: ":save --transcript x.md") == .hidden)
        #expect(SessionReplay.kind(of: ":diagram x.mmd") == .hidden)
        #expect(SessionReplay.kind(of: ":sleep 1s") == .hidden)
        #expect(SessionReplay.kind(of: ":saved") == .command, "only the command itself, not a longer name")
        #expect(SessionReplay.kind(of: "increase") == .command)
    }

    @Test func outputHoldingBackticksGetsALongerFence() {
        let markdown = TranscriptWriter.markdown(
            [Self.command("write.updateTitle \"```\"", ["  · write: setTitle(\"```\")"])], source: "x.rsh", shellName: "reactor-shell")
        #expect(markdown.contains("\n````text\ncounter> write.updateTitle \"```\"\n  · write: setTitle(\"```\")\n````\n"), "\(markdown)")
    }

    @Test func commentsJoinIntoParagraphsAndPausesBecomeRules() {
        let steps: [SessionReplay.Step] = [
            .init(kind: .comment("One"), text: "# One", prompt: "", output: [], usedEntry: nil),
            .init(kind: .comment("two."), text: "# two.", prompt: "", output: [], usedEntry: nil),
            .init(kind: .comment(""), text: "#", prompt: "", output: [], usedEntry: nil),
            .init(kind: .comment("Three."), text: "# Three.", prompt: "", output: [], usedEntry: nil),
            .init(kind: .pause("Think."), text: ":pause Think.", prompt: "", output: [], usedEntry: nil),
        ]
        let markdown = TranscriptWriter.markdown(steps, source: "x.rsh", shellName: "reactor-shell")
        #expect(markdown.hasSuffix("\n\nOne\ntwo.\n\nThree.\n\n---\n\nThink.\n"), "\(markdown)")
    }

    @Test func diagramTextEscapesMermaidsSpecialCharactersAndDrawsTimeTravel() {
        let output = [
            #"{"event":"action","reactor":"counter","action":"say","args":{"text":"a;b#c"},"source":"x","line":1}"#,
            #"{"event":"mutation","reactor":"counter","mutation":"setText(\"a;b#c\")","patch":[{"op":"replace","path":"/items/0/text","old":"","value":"a;b#c"}],"cause":{"origin":"action","step":1,"action":"say"}}"#,
            #"{"event":"no_mutation","reactor":"counter","action":"noop","step":2}"#,
            #"{"event":"mutation","reactor":"counter","mutation":"(undo)","patch":[]}"#,
        ]
        let diagram = SequenceDiagramWriter.mermaid([Self.command("say \"a;b#c\"", output)])
        #expect(diagram == """
            sequenceDiagram
                actor User
                participant counter as counter
                User->>counter: say(text: "a#59;b#35;c")
                counter->>counter: setText("a#59;b#35;c")
                Note over counter: items[0].text
                Note over counter: (no mutation)
                User-->>counter: (undo)
                Note over counter: (no change)

            """, "\(diagram)")
    }
}
