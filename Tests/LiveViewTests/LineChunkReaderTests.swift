import Foundation
import Synchronization
import Testing
@testable import LiveView

@Suite("The live view's reader of the shell's pipe")
struct LineChunkReaderTests {
    /// What `reader` hands over for `text` written into a pipe in writes of `chunk` bytes.
    private func delivered(_ text: [UInt8], inWritesOf chunk: Int) async -> [[UInt8]] {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        let collected = Mutex<[[UInt8]]>([])
        let reader = LineChunkReader(descriptor: ends[0]) { lines in collected.withLock { $0.append(Array(lines)) } }
        let reading = Task.detached { reader.run() }
        var offset = 0
        while offset < text.count {
            let piece = Array(text[offset..<min(offset + chunk, text.count)])
            offset += write(ends[1], piece, piece.count)
        }
        close(ends[1])
        await reading.value
        close(ends[0])
        return collected.withLock { $0 }
    }

    @Test("hands over whole lines, in order, whatever the reads cut; the last line even without a line break")
    func wholeLines() async {
        let lines = (1...3000).map { #"{"n":\#($0),"p":"\#(String(repeating: "x", count: $0 % 300))"}"# }
        let text = Array((lines.joined(separator: "\n") + "\n!done 1 1 3000 succeeded").utf8)
        for chunk in [3, 100, 4096, 65_536, 1 << 20, 3 << 20] {
            let pieces = await delivered(text, inWritesOf: chunk)
            #expect(Array(pieces.joined()) == text, "writes of \(chunk) bytes")
            #expect(pieces.dropLast().allSatisfy { $0.last == 10 }, "writes of \(chunk) bytes")
            #expect(pieces.last.map { String(decoding: $0, as: UTF8.self) } == "!done 1 1 3000 succeeded")
        }
    }
}
