import Dispatch
import Foundation
import Testing

@testable import ReactorShell

@Suite struct HistoryStoreTests {
    @Test func appendedLinesAreInTheFileImmediately() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(path: directory.file("history"))
        try store.load()
        try store.append(":use counter")
        #expect(directory.read("history") == ":use counter\n")
        try store.append("increase")
        #expect(directory.read("history") == ":use counter\nincrease\n")
        #expect(store.entries == [":use counter", "increase"])
    }

    @Test func emptyLinesAndConsecutiveDuplicatesAreNotRecorded() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(path: directory.file("history"))
        try store.load()
        #expect(try store.append("increase"))
        #expect(try !store.append("increase"))
        #expect(try !store.append(""))
        #expect(try !store.append("   "))
        #expect(try store.append("decrease"))
        #expect(try store.append("increase"))
        #expect(directory.read("history") == "increase\ndecrease\nincrease\n")
    }

    @Test func aDuplicateOfTheLastLoadedEntryIsNotRecorded() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        directory.write("a\nb\n", to: "history")
        let store = HistoryStore(path: directory.file("history"))
        #expect(try store.load() == ["a", "b"])
        #expect(try !store.append("b"))
        #expect(directory.read("history") == "a\nb\n")
    }

    @Test func loadCreatesMissingDirectoriesAndStartsEmpty() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(path: directory.file("state/reactor-shell/history"))
        #expect(try store.load() == [])
        try store.append("x")
        #expect(directory.read("state/reactor-shell/history") == "x\n")
    }

    @Test func aLongerFileLoadsItsLastEntriesAndIsNeverCut() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let original = (1...12).map { "line \($0)\n" }.joined()
        directory.write(original, to: "history")
        let store = HistoryStore(path: directory.file("history"), limit: 5)
        #expect(try store.load() == (8...12).map { "line \($0)" })
        #expect(store.notice?.contains("holds 12 entries, more than the limit of 5") == true)
        for index in 1...10 { try store.append("new \(index)") }
        #expect(directory.read("history") == original + (1...10).map { "new \($0)\n" }.joined())
        #expect(store.entries == (6...10).map { "new \($0)" })
    }

    @Test func aFileWithinTheLimitHasNoNoticeAndIsTrimmedAsItGrows() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        directory.write((1...5).map { "line \($0)\n" }.joined(), to: "history")
        let store = HistoryStore(path: directory.file("history"), limit: 5)
        try store.load()
        #expect(store.notice == nil)
        for index in 1...3 { try store.append("new \(index)") }
        // Trimmed back to 5 when it passed 5 + 1 (the slack), then one more appended.
        #expect(directory.read("history") == ["line 3", "line 4", "line 5", "new 1", "new 2", "new 3"].map { $0 + "\n" }.joined())
    }

    @Test func aDeviceAsTheHistoryFileIsNeitherReadNorTrimmed() throws {
        let store = HistoryStore(path: "/dev/zero", limit: 2)
        #expect(try store.load() == [])
        for index in 1...5 { try store.append("x \(index)") }
        #expect(store.entries == ["x 4", "x 5"])
    }

    @Test func theHistorySizeComesFromTheEnvironment() {
        #expect(HistoryStore.size(fromEnvironment: nil) == .success(nil))
        #expect(HistoryStore.size(fromEnvironment: "") == .success(nil))
        #expect(HistoryStore.size(fromEnvironment: "0") == .success(0))
        #expect(HistoryStore.size(fromEnvironment: "5000") == .success(5000))
        #expect(HistoryStore.size(fromEnvironment: "1000000") == .success(1_000_000))
        #expect(HistoryStore.size(fromEnvironment: "lots") == .failure(HistorySizeError(
            message: "REACTOR_SHELL_HISTSIZE expects a number of entries, found 'lots'")))
        for tooLarge in ["-1", "1000001", "8384883669867978008", "99999999999999999999999"] {
            #expect(HistoryStore.size(fromEnvironment: tooLarge) == .failure(HistorySizeError(
                message: "REACTOR_SHELL_HISTSIZE must be 0 to 1000000 (entries), found '\(tooLarge)'")))
        }
    }

    @Test func overlongLinesInTheFileAreSkipped() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let long = String(repeating: "z", count: HistoryFile.maximumEntryLength + 1)
        directory.write("a\n\(long)\nb\n", to: "history")
        #expect(try HistoryStore(path: directory.file("history")).load() == ["a", "b"])
    }

    @Test func aFileWithoutFinalNewlineOrWithBlankLinesLoads() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        directory.write("a\n\n\nb", to: "history")
        let store = HistoryStore(path: directory.file("history"))
        #expect(try store.load() == ["a", "b"])
    }

    @Test func theFileStaysBoundedWhileAppending() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(path: directory.file("history"), limit: 20)
        try store.load()
        for index in 1...100 { try store.append("command \(index)") }
        let lines = directory.read("history").split(separator: "\n").map(String.init)
        #expect(lines.count >= 20 && lines.count <= 22)
        #expect(lines.last == "command 100")
        #expect(store.entries == (81...100).map { "command \($0)" })
        let reloaded = HistoryStore(path: directory.file("history"), limit: 20)
        #expect(try reloaded.load() == (81...100).map { "command \($0)" })
    }

    @Test func lineBreaksInsideAnEntryBecomeSpaces() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let store = HistoryStore(path: directory.file("history"))
        try store.load()
        try store.append("a\nb\r\nc")
        #expect(directory.read("history") == "a b c\n")
    }

    /// A shell counts the lines another shell appended to the shared file since it last wrote:
    /// it trims when the file, not only its own share of it, passes the limit and the slack.
    @Test func aShellCountsTheLinesAnotherShellAppended() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        let limit = 40, slack = limit / 10
        let first = HistoryStore(path: path, limit: limit), second = HistoryStore(path: path, limit: limit)
        try first.load()
        try second.load()
        for index in 0..<(limit + slack) { try first.append("first \(index)") }
        #expect(directory.read("history").split(separator: "\n").count == limit + slack)
        for index in 0..<30 {
            try second.append("second \(index)")
            let count = directory.read("history").split(separator: "\n").count
            #expect(count <= limit + slack, "after the second shell's line \(index): \(count) lines")
        }
        let lines = directory.read("history").split(separator: "\n").map(String.init)
        #expect(lines.suffix(30) == (0..<30).map { "second \($0)" })
    }

    @Test func twoShellsAppendingAndTrimmingAtOnceLoseNoRecentLine() throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("history")
        let limit = 40
        let perWriter = 300
        let failures = LineEditingFailureCounter()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            let store = HistoryStore(path: path, limit: limit)
            do {
                try store.load()
                for index in 0..<perWriter { try store.append("writer\(writer) \(index)") }
            } catch {
                failures.record()
            }
        }
        #expect(failures.count == 0)
        let lines = directory.read("history").split(separator: "\n").map(String.init)
        #expect(lines.count >= limit && lines.count <= limit + limit / 10, "\(lines.count) lines: \(lines.suffix(12))")
        // The file is always a suffix of everything appended, so each writer's lines in it
        // run without a gap up to that writer's last line.
        for writer in 0..<2 {
            let indices = lines.filter { $0.hasPrefix("writer\(writer) ") }.map { Int($0.split(separator: " ")[1])! }
            if let first = indices.first {
                #expect(indices == Array(first..<perWriter), "writer \(writer): \(indices)")
            }
        }
        #expect(lines.allSatisfy { $0.hasPrefix("writer0 ") || $0.hasPrefix("writer1 ") })
    }
}

/// Counts failures reported from concurrent workers.
final class LineEditingFailureCounter: @unchecked Sendable {
    // Justification: every access holds `lock`.
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func record() { lock.withLock { value += 1 } }
}
