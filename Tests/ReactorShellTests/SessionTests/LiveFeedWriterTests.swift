import Foundation
import Synchronization
import StateDiff
import Testing
@testable import ReactorShell

/// A live feed writer into a temporary file, and the lines it wrote there.
final class FeedFile {
    let writer: LiveFeedWriter
    let path = NSTemporaryDirectory() + "live-feed-\(UUID().uuidString)"
    private let descriptor: Int32

    init() {
        descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        writer = LiveFeedWriter(descriptor: descriptor)
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The lines in the file now.
    func lines() -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Waits until the writer has written everything handed to it (``LiveFeedWriter/finish()``),
    /// and returns the file's lines.
    func finishedLines() -> [String] {
        writer.finish()
        return lines()
    }
}

/// The live feed's writer (`LiveFeedWriter`): the messages handed over from the main actor, in
/// batches, reach the pipe in order, as the JSON printer writes them, and none is lost at the end.
@MainActor
@Suite("Live feed writer")
struct LiveFeedWriterTests {
    private static let origin = LineOrigin(source: "board \"one\".rsh", line: 7)

    /// One message of each kind, and what the session's JSON printer writes for each.
    private static func messagesAndPrinted() -> ([LiveFeedMessage], [String]) {
        var printed: [String] = []
        let sink = OutputSink()
        sink.interceptor = { printed.append($0) }
        let printer = JSONLinesPrinter(sink: sink)
        let name = JSONStringLiteral("score\u{1}board").json
        let arguments = CommandArguments([StateField("points", .int(3)), StateField("team", .string("home \"A\""))])
        let cause = MutationCause(
            origin: .effect, step: 4, actionID: 9, effectID: 2, actionLabel: "awayScore", actionReactor: nil, isShown: true)
        let changes = [StateChange(path: [.key("away")], kind: .replace, oldValue: .int(1), newValue: .int(2))]
        let diagnostic = Diagnostic(origin, column: 3, "unknown action 'nope'")
        let reactors = [StateField("board", .object([StateField("home", .int(0))]))]
        let messages: [LiveFeedMessage] = [
            .scene(entry: "board", focus: nil, reactors: reactors),
            .input(line: ":state  # \u{e9}", origin: origin),
            .action(reactorName: name, name: "addPoints", arguments: arguments, origin: origin, step: 4),
            .mutation(reactorName: name, label: "awayScore", cause: cause, changes: changes),
            .mutation(reactorName: name, label: "reset", cause: nil, changes: []),
            .error(diagnostic),
            .summary(passed: 1, failed: 2, errors: 3),
        ]
        printer.scene(entry: "board", focus: nil, reactors: reactors)
        printer.echo(prompt: "", line: ":state  # \u{e9}", origin: origin)
        printer.action(reactorName: name, name: "addPoints", arguments: arguments, origin: origin, step: 4)
        printer.mutation(reactorName: name, label: "awayScore", cause: cause, changes: changes)
        printer.mutation(reactorName: name, label: "reset", cause: nil, changes: [])
        printer.error(diagnostic)
        printer.summary(passed: 1, failed: 2, errors: 3)
        return (messages, printed)
    }

    @Test func eachMessageIsWrittenAsTheJSONPrinterWritesItsEvent() {
        let (messages, printed) = Self.messagesAndPrinted()
        #expect(printed.count == messages.count)
        let file = FeedFile()
        file.writer.write(messages, flush: true)
        #expect(file.finishedLines() == printed)
    }

    @Test func messagesAndAnswersKeepTheOrderTheyWereHandedOverIn() {
        // Batches without a flush stay in the buffer; an answer flushes; they come out in order.
        let (messages, printed) = Self.messagesAndPrinted()
        let file = FeedFile()
        var expected: [String] = []
        for round in 0..<200 {
            file.writer.write(messages, flush: false)
            expected += printed
            if round % 7 == 0 {
                file.writer.write([.line("!state \(round) {}")], flush: true)
                expected.append("!state \(round) {}")
            }
        }
        #expect(file.finishedLines() == expected)
    }

    @Test func whatIsHandedOverBeforeFinishIsWrittenAndNothingAfter() {
        let file = FeedFile()
        file.writer.write((1...300).map { .line("{\"seq\":\($0)}") }, flush: false)
        file.writer.finish()
        #expect(file.lines().count == 300)
        #expect(file.lines().last == "{\"seq\":300}")
        // The pipe is closed after finish: later messages are dropped, not written into it.
        file.writer.write([.line("late")], flush: true)
        #expect(file.finishedLines().count == 300)
    }

    @Test func aLineLongerThanTheBufferKeepsItsPlace() {
        let long = "{\"text\":\"" + String(repeating: "x", count: 100_000) + "\"}"
        let file = FeedFile()
        file.writer.write([.line("first"), .line(long), .line("last")], flush: false)
        #expect(file.finishedLines() == ["first", long, "last"])
    }

    @Test func aSessionFarAheadOfTheWriterWaitsForIt() {
        // A server that reads slowly (4 KiB a millisecond): handing over 200 batches of 10 KB
        // returns only once the writer is at most 64 batches behind (past the pipe and the
        // writer's buffer), instead of letting them pile up in memory.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let received = ByteCount()
        let readEnd = ends[0]
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                if count <= 0 { return }
                received.bytes.withLock { $0 += count }
                usleep(1000)
            }
        }
        reader.start()
        let writer = LiveFeedWriter(descriptor: ends[1])
        let line = String(repeating: "x", count: 99)
        for _ in 0..<200 { writer.write(Array(repeating: .line(line), count: 100), flush: false) }
        let readWhenHandedOver = received.bytes.withLock { $0 }
        #expect(readWhenHandedOver >= (200 - 64) * 10_000 - 2 * 65536)
        writer.finish()
        close(ends[1])
    }

    /// Bytes a reader thread has read.
    private final class ByteCount: Sendable {
        let bytes = Mutex(0)
    }

    @Test func aFeedHandsOverItsEventsInBatchesAndAllAtAFlush() async {
        // More events than a batch, then a flush: every event the feed counted is in the file, in
        // order, whether it went over in a full batch or in the last, partial one.
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
        harness.session.addReader(feed)
        feed.sceneLoaded()
        for _ in 0..<150 { await harness.run("add 1") }
        feed.flush()
        let lines = file.finishedLines()
        #expect(lines.count == feed.eventCount)
        #expect(feed.eventCount > 300)
        #expect(lines.first?.contains(#""event":"scene""#) == true)
        #expect(lines.last?.contains(#""event":"mutation""#) == true)
    }
}
