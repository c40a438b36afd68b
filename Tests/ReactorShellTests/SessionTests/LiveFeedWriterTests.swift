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

/// The live feed's writer (`LiveFeedWriter`) and the buffers of lines the feed (`LiveEventFeed`)
/// writes the events into on the main actor: each event's line is the JSON printer's text, the
/// buffers and answers reach the pipe in the order handed over, and none is lost at the end.
@MainActor
@Suite("Live feed writer")
struct LiveFeedWriterTests {
    private static let origin = LineOrigin(source: "board \"one\".rsh", line: 7)

    /// A feed of `harness`'s session into `file`, reading its journal from the scene loaded on.
    private static func readingFeed(of harness: SessionHarness, into file: FeedFile) -> LiveEventFeed {
        let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
        harness.session.addReader(feed)
        feed.sceneLoaded()
        return feed
    }

    /// Writes one event of each kind the printer writes too with `feed`, and returns what the
    /// session's JSON printer writes for each.
    private static func writeEvents(with feed: LiveEventFeed) -> [String] {
        var printed: [String] = []
        let sink = OutputSink()
        sink.interceptor = { printed.append($0) }
        let printer = JSONLinesPrinter(sink: sink)
        let name = JSONReactorName("score\u{1}board")
        let arguments = CommandArguments([StateField("points", .int(3)), StateField("team", .string("home \"A\""))])
        let cause = MutationCause(
            origin: .effect, step: 4, actionID: 9, effectID: 2, actionLabel: "awayScore", actionReactor: nil, isShown: true)
        let changes = [StateChange(path: [.key("away")], kind: .replace, oldValue: .int(1), newValue: .int(2))]
        let diagnostic = Diagnostic(origin, column: 3, "unknown action 'nope'")
        let reactors = [StateField("board", .object([StateField("home", .int(0))]))]
        feed.writeScene(entry: "board", focus: nil, reactors: reactors)
        feed.writeInput(line: ":state  # \u{e9}", origin: origin)
        feed.writeAction(reactorName: name, name: "addPoints", arguments: arguments, origin: origin, step: 4)
        feed.writeMutation(reactorName: name, label: "awayScore", cause: cause, changes: changes)
        feed.writeMutation(reactorName: name, label: "reset", cause: nil, changes: [])
        feed.writeError(diagnostic)
        feed.writeSummary(passed: 1, failed: 2, errors: 3)
        printer.scene(entry: "board", focus: nil, reactors: reactors)
        printer.echo(prompt: "", line: ":state  # \u{e9}", origin: origin)
        printer.action(reactorName: name, name: "addPoints", arguments: arguments, origin: origin, step: 4)
        printer.mutation(reactorName: name, label: "awayScore", cause: cause, changes: changes)
        printer.mutation(reactorName: name, label: "reset", cause: nil, changes: [])
        printer.error(diagnostic)
        printer.summary(passed: 1, failed: 2, errors: 3)
        return printed
    }

    @Test func eachEventIsWrittenAsTheJSONPrinterWritesIt() {
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
        let printed = Self.writeEvents(with: feed)
        #expect(printed.count == 7)
        #expect(feed.eventCount == 7)
        feed.flush()
        #expect(file.finishedLines() == printed)
    }

    @Test func eventsAndAnswersKeepTheOrderTheyWereHandedOverIn() {
        // Events fill buffer after buffer (about 750 KB of them), handed over as each fills up; an
        // answer comes after a flush, as the controller sends one; they come out in order.
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
        var expected: [String] = []
        for round in 0..<1000 {
            expected += Self.writeEvents(with: feed)
            if round % 7 == 0 {
                feed.flush()
                file.writer.write(lines: ["!state \(round) {}"])
                expected.append("!state \(round) {}")
            }
        }
        feed.flush()
        #expect(expected.joined().utf8.count > 10 * LineBuffer.defaultCapacity)
        #expect(file.finishedLines() == expected)
    }

    @Test func whatIsHandedOverBeforeFinishIsWrittenAndNothingAfter() {
        let file = FeedFile()
        file.writer.write(lines: (1...3000).map { "{\"seq\":\($0)}" })
        file.writer.finish()
        #expect(file.lines().count == 3000)
        #expect(file.lines().last == "{\"seq\":3000}")
        // The pipe is closed after finish: later lines are dropped, not written into it.
        file.writer.write(lines: ["late"])
        #expect(file.finishedLines().count == 3000)
    }

    @Test func aLineLongerThanABufferKeepsItsPlace() {
        let long = "{\"text\":\"" + String(repeating: "x", count: 100_000) + "\"}"
        let file = FeedFile()
        file.writer.write(lines: ["first", long, "last"])
        #expect(file.finishedLines() == ["first", long, "last"])
    }

    @Test func anEventLongerThanABufferKeepsItsPlace() {
        // A scene whose state is larger than a buffer, between two events that fit.
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
        let large = [StateField("board", .string(String(repeating: "y", count: 3 * LineBuffer.defaultCapacity)))]
        feed.writeSummary(passed: 1, failed: 0, errors: 0)
        feed.writeScene(entry: "board", focus: "board", reactors: large)
        feed.writeSummary(passed: 2, failed: 0, errors: 0)
        feed.flush()
        let lines = file.finishedLines()
        #expect(lines.count == 3)
        #expect(lines.first?.contains(#""passed":1"#) == true)
        #expect(lines.dropFirst().first?.count ?? 0 > 3 * LineBuffer.defaultCapacity)
        #expect(lines.last?.contains(#""passed":2"#) == true)
    }

    @Test func anActionEventLongerThanABufferKeepsItsPlace() {
        // An action event is written straight into what is left of the buffer; one that does not
        // fit there, here not even in a whole buffer, is written aside and appended as a line.
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = LiveEventFeed(writer: file.writer, scene: harness.session.runner.scene)
        let name = JSONReactorName("board")
        let large = CommandArguments([StateField("text", .string(String(repeating: "z", count: 2 * LineBuffer.defaultCapacity)))])
        feed.writeSummary(passed: 1, failed: 0, errors: 0)
        feed.writeAction(reactorName: name, name: "say", arguments: large, origin: Self.origin, step: 1)
        feed.writeAction(reactorName: name, name: "say", arguments: CommandArguments([]), origin: Self.origin, step: 2)
        feed.flush()
        let lines = file.finishedLines()
        #expect(lines.count == 3)
        #expect(lines.dropFirst().first?.hasSuffix(#""line":7,"step":1}"#) == true)
        #expect(lines.dropFirst().first?.count ?? 0 > 2 * LineBuffer.defaultCapacity)
        #expect(lines.last?.hasSuffix(#""args":{},"source":"board \"one\".rsh","line":7,"step":2}"#) == true)
    }

    @Test func aSessionFarAheadOfTheWriterWaitsForIt() {
        // A server that reads slowly (4 KiB a millisecond): handing over 200 buffers of 10 KB
        // returns only once the writer is at most 64 buffers behind (past the pipe), instead of
        // letting them pile up in memory.
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
        for _ in 0..<200 { writer.write(lines: Array(repeating: line, count: 100)) }
        let readWhenHandedOver = received.bytes.withLock { $0 }
        #expect(readWhenHandedOver >= (200 - 64) * 10_000 - 2 * 65536)
        writer.finish()
        close(ends[1])
    }

    /// Bytes a reader thread has read.
    private final class ByteCount: Sendable {
        let bytes = Mutex(0)
    }

    @Test func aFeedHandsOverItsEventsInBuffersAndAllAtAFlush() async {
        // More events than a buffer holds, then a flush: every event the feed counted is in the
        // file, in order, whether it went over in a full buffer or in the last, partial one.
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = Self.readingFeed(of: harness, into: file)
        for _ in 0..<600 { await harness.run("add 1") }
        feed.flush()
        let lines = file.finishedLines()
        #expect(lines.count == feed.eventCount)
        #expect(feed.eventCount > 1200)
        #expect(lines.joined().utf8.count > 2 * LineBuffer.defaultCapacity)
        #expect(lines.first?.contains(#""event":"scene""#) == true)
        #expect(lines.last?.contains(#""event":"mutation""#) == true)
    }

    @Test func eachSceneLoadedNamesItsOwnReactors() async {
        // The feed keeps its reactors' names from a scene's first event to the next scene: a
        // scene of fewer reactors (pair, then tally) must not leave the old names in place.
        let harness = SessionHarness()
        let file = FeedFile()
        let feed = Self.readingFeed(of: harness, into: file)
        for line in ["add 1", ":use pair", "right.add 2", "left.add 3", ":use tally", "add 4"] { await harness.run(line) }
        feed.flush()
        let named = file.finishedLines().compactMap { line -> String? in
            guard line.contains(#""event":"mutation""#) || line.contains(#""event":"action""#),
                  let start = line.range(of: #""reactor":""#)?.upperBound,
                  let end = line[start...].firstIndex(of: "\"")
            else { return nil }
            return String(line[start..<end])
        }
        #expect(named == ["tally", "tally", "right", "right", "left", "left", "tally", "tally"])
    }
}
