import Testing
import StateDiff
@testable import ReactorShell

/// The transcript and diagram writers on made-up records: what they do with the awkward cases.
@MainActor
@Suite("Transcript and diagram writers")
struct ExportWriterTests {
    static func line(_ text: String, _ output: [String] = [], prompt: String = "counter> ", depth: Int = 0) -> SessionRecord.Event {
        .line(SessionRecord.Line(text: text, origin: LineOrigin(source: "x.rsh", line: 1), depth: depth, prompt: prompt, output: output))
    }

    @Test func linesAreClassifiedForTheTranscript() {
        #expect(ScriptLineKind("# Hello") == .comment("Hello"))
        #expect(ScriptLineKind("#tight") == .comment("tight"))
        #expect(ScriptLineKind("") == .blank)
        #expect(ScriptLineKind(":pause \"Look\"") == .pause("Look"))
        #expect(ScriptLineKind(":pause") == .pause(""))
        #expect(ScriptLineKind(":save --transcript x.md") == .hidden)
        #expect(ScriptLineKind(":diagram x.mmd") == .hidden)
        #expect(ScriptLineKind(":diagram") == .hidden)
        #expect(ScriptLineKind(":sleep 1s") == .command, "a sleep happened: what arrived meanwhile is its output")
        #expect(ScriptLineKind(":saved") == .command, "only the command itself, not a longer name")
        #expect(ScriptLineKind("increase") == .command)
    }

    @Test func outputHoldingBackticksGetsALongerFence() {
        let (markdown, commands) = TranscriptWriter.markdown(
            [Self.line("write.updateTitle \"```\"", ["  · write: setTitle(\"```\")"])], source: "x.rsh", shellName: "reactor-shell")
        #expect(commands == 1)
        #expect(markdown.contains("\n````text\ncounter> write.updateTitle \"```\"\n  · write: setTitle(\"```\")\n````\n"), "\(markdown)")
    }

    @Test func commentsJoinIntoParagraphsAndPausesBecomeRules() {
        let events = ["# One", "# two.", "#", "# Three.", ":pause Think."].map { Self.line($0) }
        let (markdown, commands) = TranscriptWriter.markdown(events, source: "x.rsh", shellName: "reactor-shell")
        #expect(commands == 0)
        #expect(markdown.hasSuffix("\n\nOne\ntwo.\n\nThree.\n\n---\n\nThink.\n"), "\(markdown)")
    }

    @Test func outputShownWhileACommentWasReadKeepsItsPlace() {
        let events = [Self.line("increase &"), Self.line("# later", ["  · increaseValue"]), Self.line(":wait")]
        let (markdown, _) = TranscriptWriter.markdown(events, source: "x.rsh", shellName: "reactor-shell")
        #expect(markdown.hasSuffix("""
            ```text
            counter> increase &
            ```

            later

            ```text
              · increaseValue
            ```

            ```text
            counter> :wait
            ```

            """), "\(markdown)")
    }

    @Test func changedPathsAreReadFromTheBlockShown() {
        #expect(ChangedPaths.note(for: ["  · setTitle(\"a\")", "      title: \"\" → \"a\"", "      canSubmit: false → true"]) == "title, canSubmit")
        #expect(ChangedPaths.note(for: ["  · insertPost(…)", "      + posts[0]: {id: 1}", "      - posts[1]: {id: 2}"]) == "posts[0], posts[1]")
        #expect(ChangedPaths.note(for: ["  · dismiss", "      (no change)"]) == "(no change)")
        #expect(ChangedPaths.note(for: ["  · set", "      [\"a: b\"]: 1 → 2"]) == "[\"a: b\"]")
        #expect(ChangedPaths.note(for: []) == nil, "diffs off: nothing shown, no note")
        #expect(ChangedPaths.note(for: [
            #"{"event":"mutation","reactor":"counter","mutation":"x","patch":[{"op":"replace","path":"/items/0/text","value":"a"}]}"#,
        ]) == "items[0].text")
    }

    @Test func diagramTextEscapesMermaidsSpecialCharactersAndDrawsTimeTravelAndCancellations() {
        let events: [SessionRecord.Event] = [
            Self.line("say \"a;b#c\""),
            .action(SessionRecord.Action(
                id: 1, reactor: "counter", label: "say(\"a;b#c\")", step: 1, command: "say",
                arguments: CommandArguments([StateField("text", .string("a;b#c"))]))),
            .mutation(SessionRecord.Mutation(
                reactor: "counter", label: "setText(\"a;b#c\")",
                cause: SessionRecord.Cause(origin: .action, action: "say(\"a;b#c\")", actionReactor: "counter", actionID: 1, effect: nil),
                output: ["  · setText(\"a;b#c\")", "      items[0].text: \"\" → \"a;b#c\""])),
            .noMutation(reactor: "counter"),
            .effectCancelled(reactor: "counter", effect: 2, action: "load(\"a\")", actionID: nil, by: "load(\"b\")"),
            .mutation(SessionRecord.Mutation(reactor: "counter", label: "(undo)", cause: nil, output: ["  · (undo)", "      (no change)"])),
            .mutation(SessionRecord.Mutation(reactor: "counter", label: "(jump to after step 0)", cause: nil, output: [])),
            .failure("x.rsh:3:1: unknown action 'increse'"),
        ]
        let diagram = SequenceDiagram(events).mermaid
        #expect(diagram == """
            sequenceDiagram
                actor User
                participant counter as counter
                User->>counter: say(text: "a#59;b#35;c")
                counter->>counter: setText("a#59;b#35;c")
                Note over counter: items[0].text
                Note over counter: (no mutation)
                Note over counter: ⊘ effect #35;2 of load("a") cancelled by load("b")
                User-->>counter: (undo)
                Note over counter: (no change)
                Note over User: ✗ x.rsh:3:1: unknown action 'increse'

            """, "\(diagram)")
    }
}
