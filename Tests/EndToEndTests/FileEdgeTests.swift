import Foundation
import Testing
import TestSupport

/// Issue 25 items 3, 4, 5 and 7: files that are not regular files, names with control
/// characters, a script that saves over itself, and invisible controls in what is shown and saved.
@Suite("File edges")
struct FileEdgeTests {
    @Test(arguments: [
        ("full", "is not a regular file"), ("zero", "is not a regular file"),
    ])
    func aGoldenFileOnADeviceIsAClearErrorAtOnce(device: String, reason: String) async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", "increase\n")
            try FileManager.default.createSymbolicLink(atPath: workspace.path + "/a.out", withDestinationPath: "/dev/" + device)
            for arguments in [["test", "a.rsh"], ["test", "--update", "a.rsh"]] {
                let result = try await workspace.shell(arguments)
                #expect(result.status == 2, "\(result.transcript)")
                #expect(result.stderrLines == ["reactor-shell: cannot read 'a.out': \(reason)"], "\(result.transcript)")
            }
        }
    }

    @Test func aGoldenFileThatIsAFIFOAHugeFileALoopOrADirectoryIsAClearErrorAtOnce() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", "increase\n")
            let golden = workspace.path + "/a.out"
            #expect(mkfifo(golden, 0o644) == 0)
            let fifo = try await workspace.shell(["test", "a.rsh"])
            #expect(fifo.stderrLines == ["reactor-shell: cannot read 'a.out': is not a regular file"], "\(fifo.transcript)")
            unlink(golden)
            // A sparse 3 GB file: refused from its size, never read.
            let descriptor = open(golden, O_WRONLY | O_CREAT, 0o644)
            #expect(ftruncate(descriptor, 3 << 30) == 0)
            close(descriptor)
            let huge = try await workspace.shell(["test", "a.rsh"])
            #expect(huge.stderrLines == ["reactor-shell: cannot read 'a.out': is larger than 64MiB (the most that is read)"], "\(huge.transcript)")
            unlink(golden)
            try FileManager.default.createSymbolicLink(atPath: golden, withDestinationPath: "loop.out")
            try FileManager.default.createSymbolicLink(atPath: workspace.path + "/loop.out", withDestinationPath: "a.out")
            let loop = try await workspace.shell(["test", "a.rsh"])
            #expect(loop.stderrLines == ["reactor-shell: cannot read 'a.out': Too many levels of symbolic links"], "\(loop.transcript)")
            for result in [fifo, huge, loop] { #expect(result.status == 2) }
        }
    }

    @Test func updateReplacesTheGoldenFileWholeAndFollowsALink() async throws {
        try await withWorkspace { workspace in
            try workspace.write("a.rsh", "increase\n")
            try workspace.write("real.out", "old\n")
            try FileManager.default.createSymbolicLink(atPath: workspace.path + "/a.out", withDestinationPath: "real.out")
            let result = try await workspace.shell(["test", "--update", "a.rsh"])
            #expect(result.status == 0, "\(result.transcript)")
            let run = try await workspace.shell(["run", "a.rsh"])
            #expect(try workspace.read("real.out") == run.stdout)
            let link = try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path + "/a.out")
            #expect(link == "real.out")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.path).filter { $0.hasSuffix(".tmp") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func aNameWithAControlCharacterIsAnErrorWhereverAPathIsExpected() async throws {
        try await withWorkspace { workspace in
            try workspace.write("zz", "increase\n")
            let result = try await workspace.run(#"""
                :save "out\u{0}.evil"
                :load "zz\u{0}q"
                :diagram "d\u{1B}.mmd"
                :save --transcript "t\u{0}"
                :save --expect "e\u{A}f"
                """# + "\n")
            #expect(result.status == 1, "\(result.transcript)")
            #expect(result.stderrLines == [
                #"script.rsh:1:7: cannot write 'out\u{0}.evil': a file name cannot contain control characters (found U+0000)"#,
                #"script.rsh:2:7: cannot read '\#(workspace.path)/zz\u{0}q': a file name cannot contain control characters (found U+0000)"#,
                #"script.rsh:3:10: cannot write 'd\u{1B}.mmd': a file name cannot contain control characters (found U+001B)"#,
                #"script.rsh:4:20: cannot write 't\u{0}': a file name cannot contain control characters (found U+0000)"#,
                #"script.rsh:5:16: cannot write 'e\u{A}f': a file name cannot contain control characters (found U+000A)"#,
            ], "\(result.transcript)")
            #expect(!result.stdout.contains("value: 0 → 1"), "zz was not loaded: \(result.transcript)")
            let files = try FileManager.default.contentsOfDirectory(atPath: workspace.path).sorted()
            #expect(files == ["script.rsh", "zz"])
        }
    }

    @Test func aScriptThatSavesOverItselfRunsOnUndisturbed() async throws {
        try await withWorkspace { workspace in
            let result = try await workspace.run("increase\n:save f.rsh\nincrease\n:expect value == 2\n", named: "f.rsh")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stderr.isEmpty, "\(result.transcript)")
            #expect(result.lastStdoutLine?.hasPrefix("1 passed, 0 failed") == true, "\(result.transcript)")
            #expect(result.stdout.components(separatedBy: "value: 0 → 1").count == 2, "the saved lines did not run: \(result.transcript)")
            let saved = try workspace.read("f.rsh")
            #expect(saved.hasSuffix(":use counter\nincrease\n"), "\(saved)")
        }
    }

    @Test func invisibleControlsAreEscapedInOutputSavedScriptsAndDiagramsAndReplayToTheSameValue() async throws {
        try await withWorkspace { workspace in
            let query = #"ab\u{202E}cd\u{200B}e\u{FEFF}f\u{2066}g\u{85}"#
            let result = try await workspace.run("""
                :use github-search
                updateQuery "\(query)"
                :save s.rsh
                :diagram d.mmd
                """ + "\n")
            #expect(result.status == 0, "\(result.transcript)")
            #expect(result.stdout.contains("query: nil → \"\(query)\""), "\(result.transcript)")
            let invisible: [Unicode.Scalar] = ["\u{202E}", "\u{200B}", "\u{FEFF}", "\u{2066}", "\u{85}"]
            for text in [result.stdout, try workspace.read("s.rsh"), try workspace.read("d.mmd")] {
                #expect(!text.unicodeScalars.contains(where: invisible.contains), "\(text)")
            }
            #expect(try workspace.read("s.rsh").contains("updateQuery \"\(query)\"\n"))
            let replay = try await workspace.shell(["run", "s.rsh"], input: .none)
            #expect(replay.status == 0, "\(replay.transcript)")
            let check = try await workspace.run(try workspace.read("s.rsh") + ":expect query == \"\(query)\"\n", named: "check.rsh")
            #expect(check.lastStdoutLine?.hasPrefix("1 passed, 0 failed") == true, "\(check.transcript)")
        }
    }
}
