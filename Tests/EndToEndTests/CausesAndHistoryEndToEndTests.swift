import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 16's record of a session through the real binary: causes of mutations (text and JSON),
/// session-wide effect numbers, `· (no mutation)`, `:history` of every reactor with scene
/// separators, and time travel over the whole scene.
@Suite("Causes, history and scene time travel")
struct CausesAndHistoryEndToEndTests {
    static let board = [":use board", "write.updateTitle \"Hello\"", "write.submit"]

    @Test func aServiceEventNamesTheActionWhoseEffectBroadcastIt() async throws {
        let result = try await runScript(Self.board + ["delete 1"])
        #expect(result.status == 0, "\(result.transcript)")
        let headers = result.stdoutLines.filter { $0.hasPrefix("  · ") }
        #expect(headers == [
            "  · write: setTitle(\"Hello\")",
            "  · board: insertPost(Post(id: 1, title: \"Hello\", content: \"\"), at: 0)  ← service event, from write.submit",
            "  · write: dismiss",
            "  · board: removePost(id: 1)  ← service event, from board.delete(id: 1)",
        ], "\(result.transcript)")
    }

    @Test func jsonMutationsCarryTheirCauseWithStepAndEffect() async throws {
        let result = try await runScript(Self.board, options: ["--format", "json"])
        #expect(result.status == 0, "\(result.transcript)")
        let causes = result.stdoutLines.filter { $0.hasPrefix(#"{"event":"mutation""#) }.map { line in
            String(line[line.range(of: #""cause":"#)!.upperBound...].dropLast())
        }
        #expect(causes == [
            #"{"origin":"action","step":1,"action":"write.updateTitle(\"Hello\")"}"#,
            #"{"origin":"event","step":2,"action":"write.submit","effect":1}"#,
            #"{"origin":"effect","step":2,"action":"write.submit","effect":1}"#,
        ], "\(result.transcript)")
    }

    @Test func anEffectOfAnEarlierActionSaysWhichEffectAndAction() async throws {
        let result = try await runScript(["increase &", "decrease", ":expect value == 0"])
        #expect(result.status == 0, "\(result.transcript)")
        let headers = result.stdoutLines.filter { $0.hasPrefix("  · ") }
        #expect(headers.filter { $0.contains("←") } == [
            "  · increaseValue  ← effect #1 of increase",
            "  · setLoading(false)  ← effect #1 of increase",
            "  · setAlertMessage(\"increased!\")  ← effect #1 of increase",
        ], "\(result.transcript)")
        #expect(headers.contains("  · decreaseValue"), "the typed action's own effect shows no cause: \(result.transcript)")
    }

    @Test func effectNumbersAreUniqueAcrossReactorsAndScenes() async throws {
        let result = try await runScript(Self.board + [":set trace on", "write.submit", "delete 1", ":use counter", "increase"])
        #expect(result.status == 0, "\(result.transcript)")
        let started = result.stdoutLines.filter { $0.contains(" started at ") }.map { $0.split(separator: " ").prefix(5).joined(separator: " ") }
        #expect(started == [
            "⋯ effect #2 of write.submit",
            "⋯ effect #3 of board.delete(id:",
            "⋯ effect #4 of increase",
        ], "\(result.transcript)")
    }

    @Test func anActionThatChangesNothingSaysSo() async throws {
        let result = try await runScript([":use board", "write.submit", "write.updateTitle x"])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(Array(result.stdoutLines.prefix(2)) == ["  · (no mutation)", "  · write: setTitle(\"x\")"], "\(result.transcript)")
        let json = try await runScript([":use board", "write.submit"], options: ["--format", "json"])
        #expect(json.stdoutLines.contains(#"{"event":"no_mutation","reactor":"write","action":"submit","step":1}"#), "\(json.transcript)")
        let quiet = try await runScript([":use board", "write.submit"], options: ["--no-diff"])
        #expect(quiet.stdoutLines == ["0 passed, 0 failed, 0 errors"], "\(quiet.transcript)")
    }

    @Test func historyListsEveryReactorsMutationsWithASeparatorAtEachUse() async throws {
        let result = try await runScript(["increase", ":use board", "write.updateTitle \"Hello\"", "write.submit", ":history"])
        #expect(result.status == 0, "\(result.transcript)")
        let start = try #require(result.stdoutLines.firstIndex(of: "  ── :use counter ──"), "\(result.transcript)")
        #expect(Array(result.stdoutLines[start...].dropLast()) == [
            "  ── :use counter ──",
            "  1  increase",
            "       · setLoading(true)",
            "       · increaseValue",
            "       · setLoading(false)",
            "       · setAlertMessage(\"increased!\")",
            "  ── :use board ──",
            "  2  write.updateTitle \"Hello\"",
            "       · write: setTitle(\"Hello\")",
            "▶ 3  write.submit",
            "       · board: insertPost(Post(id: 1, title: \"Hello\", content: \"\"), at: 0)",
            "       · write: dismiss",
        ], "\(result.transcript)")
    }

    @Test func undoAndRedoStepTheWholeSceneWhicheverReactorIsFocused() async throws {
        let result = try await runScript(Self.board + [
            ":expect posts.count == 1",
            ":undo",
            ":expect posts.count == 0",
            ":expect write:isDismissed == false",
            ":expect write:title == \"Hello\"",
            ":redo",
            ":expect posts.count == 1",
            ":expect write:isDismissed == true",
        ])
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.lastStdoutLine == "6 passed, 0 failed, 0 errors", "\(result.transcript)")
        let undo = try #require(result.stdoutLines.firstIndex(of: "  · board: (undo)"), "\(result.transcript)")
        #expect(Array(result.stdoutLines[undo...].prefix(4)) == [
            "  · board: (undo)",
            "      - posts[0]: {id: 1, title: \"Hello\", content: \"\"}",
            "  · write: (undo)",
            "      isDismissed: true → false",
        ], "\(result.transcript)")
    }

    @Test func jumpZeroIsTheCurrentScenesInitialStateAfterAnyUse() async throws {
        let result = try await runScript([
            "increase", "increase", ":use scoreboard", "homeScore", "homeScore", "awayScore",
            ":jump 0", ":expect home == 0", ":jump 4", ":expect home == 2", ":expect away == 0",
            ":jump 2",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == [
            "script.rsh:12:1: cannot jump to step 2: this scene's steps are 0 (its initial state) or 3…5",
        ], "\(result.transcript)")
        #expect(result.lastStdoutLine == "3 passed, 0 failed, 1 errors", "\(result.transcript)")
    }
}
