import Dispatch
import Glibc
import Testing

@testable import ReactorShell

@MainActor
@Suite(.serialized) struct PlainLineEditorTests {
    /// A pipe whose write end is filled with `text` and closed (small texts fit the buffer).
    private func pipeReading(_ text: String) -> Int32 {
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0)
        let bytes = Array(text.utf8)
        precondition(bytes.isEmpty || write(descriptors[1], bytes, bytes.count) == bytes.count)
        close(descriptors[1])
        return descriptors[0]
    }

    @Test func readEventReturnsLinesThenEndOfInputForever() {
        let editor = PlainLineEditor(fileDescriptor: pipeReading("a\nb"), closingDescriptorOnStop: true)
        defer { editor.stop() }
        #expect(editor.readEvent() == .line("a"))
        #expect(editor.readEvent() == .line("b"))
        #expect(editor.readEvent() == .endOfInput)
        #expect(editor.readEvent() == .endOfInput)
    }

    @Test func aLineOverTheGivenLimitIsReportedAndSkipped() {
        let editor = PlainLineEditor(
            fileDescriptor: pipeReading("abcd\nabcde\nxy\n" + String(repeating: "z", count: 5_000)), maximumLineLength: 4,
            closingDescriptorOnStop: true)
        defer { editor.stop() }
        #expect(editor.readEvent() == .line("abcd"))
        #expect(editor.readEvent() == .tooLong(lineNumber: 2))
        #expect(editor.readEvent() == .line("xy"))
        #expect(editor.readEvent() == .tooLong(lineNumber: 4))
        #expect(editor.readEvent() == .endOfInput)
    }

    @Test func startDeliversEveryLineAndTheEndFromTheMainQueue() async {
        let editor = PlainLineEditor(fileDescriptor: pipeReading("one\r\ntwo\nthree"), closingDescriptorOnStop: true)
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<[LineEditorEvent], Never>) in
            var events: [LineEditorEvent] = []
            editor.start(prompt: "ignored> ") { event in
                events.append(event)
                if event == .endOfInput {
                    editor.stop()
                    continuation.resume(returning: events)
                }
            }
        }
        #expect(received == [.line("one"), .line("two"), .line("three"), .endOfInput])
    }

    @Test func pauseHoldsLinesBackUntilResume() async {
        let editor = PlainLineEditor(fileDescriptor: pipeReading("first\nsecond\nthird\n"), closingDescriptorOnStop: true)
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            var log: [String] = []
            editor.start(prompt: "") { event in
                switch event {
                case .line(let line):
                    log.append(line)
                    if line == "first" {
                        editor.pause()
                        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
                            log.append("(resumed)")
                            editor.resume()
                        }
                    }
                case .endOfInput:
                    editor.stop()
                    continuation.resume(returning: log)
                default:
                    log.append("\(event)")
                }
            }
        }
        #expect(received == ["first", "(resumed)", "second", "third"])
    }

    @Test func aRegularFileIsReadToTheEnd() async throws {
        let directory = LineEditingTemporaryDirectory()
        defer { directory.remove() }
        directory.write("x\ny\n", to: "script.rsh")
        let editor = PlainLineEditor(fileDescriptor: open(directory.file("script.rsh"), O_RDONLY), closingDescriptorOnStop: true)
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<[LineEditorEvent], Never>) in
            var events: [LineEditorEvent] = []
            editor.start(prompt: "") { event in
                events.append(event)
                if event == .endOfInput {
                    editor.stop()
                    continuation.resume(returning: events)
                }
            }
        }
        #expect(received == [.line("x"), .line("y"), .endOfInput])
    }
}
