import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SPEC §6: every bad input gets one clear line naming where and what; nothing crashes and the
/// rest of the script still runs.
@Suite("Bad input")
struct BadInputTests {
    /// Runs `bytes` as `script.rsh` and checks the common promises: no crash, exit 1, each error
    /// one line, the summary last.
    static func runBad(_ bytes: [UInt8], options: [String] = []) async throws -> ShellProcessResult {
        try await withWorkspace { workspace in
            try workspace.write("script.rsh", bytes: bytes)
            let result = try await workspace.shell(["run"] + options + ["script.rsh"])
            #expect(result.status == 1, "\(result.transcript)")
            #expect(!result.timedOut)
            #expect(result.lastStdoutLine?.hasSuffix(" errors") == true, "\(result.transcript)")
            return result
        }
    }

    @Test func anUnterminatedStringNamesTheColumnOfTheQuote() async throws {
        let result = try await Self.runBad(Array(":use board\nwrite.updateTitle \"abc\n:expect write:title == \"\"\n".utf8))
        #expect(result.stderrLines == [#"script.rsh:2:19: unterminated string; expected a closing '"'"#], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func anInvalidEscapeNamesTheEscape() async throws {
        let result = try await Self.runBad(Array(":use board\nwrite.updateTitle \"a\\qb\"\nwrite.updateTitle \"ok\"\n:expect write:title == \"ok\"\n".utf8))
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix(#"script.rsh:2:21: invalid escape '\q'"#) == true, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func aLineOfInvalidUTF8IsSkippedWithAnErrorAndTheScriptGoesOn() async throws {
        let bytes = Array("increase\n".utf8) + [0xFF, 0xFE, 0x20, 0x41, 0x0A] + Array(":expect value == 1\n".utf8)
        let result = try await Self.runBad(bytes)
        #expect(result.stderrLines == ["script.rsh:2:1: invalid UTF-8 in this line; the line was skipped"], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func invalidUTF8OnStandardInputIsReportedToo() async throws {
        let result = try await ShellProcess.run([], input: .pipe(Array("increase\n".utf8) + [0xC3, 0x28, 0x0A] + Array(":expect value == 1\n".utf8)))
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines == ["<stdin>:2:1: invalid UTF-8 in this line; the line was skipped"], "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func aBinaryFileStopsWithOneErrorAndNoCrash() async throws {
        var bytes = Array("increase\n".utf8)
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        bytes += Array("\n:expect value == 1\n".utf8)
        let result = try await Self.runBad(bytes)
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.contains("binary data") == true, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:") == true, "\(result.transcript)")
        #expect(result.stdout.contains("value: 0 → 1"), "the lines before the binary data ran: \(result.transcript)")
    }

    @Test func aOneMegabyteLineIsHandledAndItsErrorStaysShortish() async throws {
        let huge = String(repeating: "x", count: 1_000_000)
        let script = ":expect value == \"\(huge)\"\nincrease\n:expect value == 1\n"
        let result = try await Self.runBad(Array(script.utf8))
        #expect(result.stderrLines.count == 1, "\(result.transcript.prefix(2_000))")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:1:1: expectation failed: value == \"xxx") == true)
        #expect((result.stderrLines.first?.utf8.count ?? 0) < 1_000, "the error echoes the whole megabyte")
        #expect(result.lastStdoutLine == "1 passed, 1 failed, 0 errors")
    }

    @Test func aOneMegabyteArgumentIsNotEchoedWhole() async throws {
        let huge = String(repeating: "y", count: 1_000_000)
        let result = try await Self.runBad(Array("increase \(huge)\n:expect value == 0\n".utf8))
        #expect(result.stderrLines.count == 1, "\(result.transcript.prefix(2_000))")
        #expect(result.stderrLines.first?.hasPrefix("script.rsh:1:10: increase: unexpected extra argument") == true)
        #expect((result.stderrLines.first?.utf8.count ?? 0) < 1_000)
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 1 errors")
    }

    @Test func aLongScriptOfManyLinesRunsToTheEnd() async throws {
        let lines = Array(repeating: "homeScore", count: 2_000) + [":expect home == 2000"]
        let result = try await runScript(lines, options: ["--reactor", "scoreboard", "--no-diff"])
        #expect(result.status == 0, "\(result.transcript.suffix(500))")
        #expect(result.stdout == "  ✓ home == 2000\n1 passed, 0 failed, 0 errors\n")
    }

    @Test func wrongArgumentTypesAndCountsNameTheParameter() async throws {
        let result = try await runScript([
            ":use scoreboard",
            "setScore home: x away: 2",
            "setScore 1",
            "setScore 1 2 3",
            "setScore home: 1 away: 2",
            ":expect home == 1",
        ])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 3, "\(result.transcript)")
        #expect(result.stderrLines.first == #"script.rsh:2:16: setScore: argument 'home' expects Int, got "x""#, "\(result.transcript)")
        #expect(result.stderrLines.dropFirst().allSatisfy { $0.contains("setScore") }, "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 3 errors")
    }

    @Test func unknownMetaCommandsReactorsAndFocusTargetsAreErrors() async throws {
        let result = try await runScript([":frobnicate", ":use countr", ":focus nobody", ":expect value == 0"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 3, "\(result.transcript)")
        #expect(result.stderrLines[1].contains("did you mean 'counter'?"), "\(result.transcript)")
        #expect(result.lastStdoutLine == "1 passed, 0 failed, 3 errors")
    }

    @Test func anUnreadableFileExitsTwo() async throws {
        try await withWorkspace { workspace in
            let path = try workspace.write("secret.rsh", "increase\n")
            chmod(path, 0)
            let result = try await workspace.shell(["run", "secret.rsh"])
            if getuid() == 0 {
                // root reads it anyway: then it simply runs.
                #expect(result.status == 0, "\(result.transcript)")
            } else {
                #expect(result.status == 2, "\(result.transcript)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderrLines == ["reactor-shell: cannot read 'secret.rsh': Permission denied"], "\(result.transcript)")
            }
        }
    }

    @Test func aFileWhoseReadFailsIsOneErrorNamingIt() async throws {
        // /proc/self/mem opens but every read at offset 0 fails (EIO), even for root.
        guard FileManager.default.fileExists(atPath: "/proc/self/mem") else { return }
        let result = try await ShellProcess.run(["run", "/proc/self/mem"])
        // SPEC §2: an unreadable file is a usage error, whether open or read fails; no summary.
        #expect(result.status == 2, "\(result.transcript)")
        #expect(!result.timedOut)
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.hasPrefix("reactor-shell: cannot read '/proc/self/mem': ") == true, "\(result.transcript)")
        #expect(result.stdout.isEmpty, "\(result.transcript)")
    }

    @Test func aLoadedFileWhoseReadFailsIsAFailedCommand() async throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/mem") else { return }
        let result = try await runScript([":load /proc/self/mem", "increase", ":expect value == 1"])
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.stderrLines.count == 1, "\(result.transcript)")
        #expect(result.stderrLines.first?.contains("cannot read '/proc/self/mem'") == true, "\(result.transcript)")
        #expect(result.stdout.hasSuffix("1 passed, 0 failed, 1 errors\n"), "\(result.transcript)")
    }
}
