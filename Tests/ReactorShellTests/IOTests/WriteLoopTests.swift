import Foundation
import Testing
@testable import ReactorShell

/// The shell's one write loop (`POSIXIO.writeAll`), which the output sink, the history file, the
/// file writers and a fatal signal's handler (`SignalSafeOutput`) all write through.
@Suite struct WriteLoopTests {
    @Test func moreThanAPipeHoldsArrivesWholeInOrderWithProgressForEveryByte() async throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let (reading, writing) = (descriptors[0], descriptors[1])
        // Non-blocking: a write takes at most what the pipe has room for (64 KiB) and fails with
        // EAGAIN while it is full, which the loop retries.
        #expect(fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK) == 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        // A reader on another thread: the loop must go on after each short write.
        let reader = Task.detached { () -> [UInt8] in
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reading, &chunk, chunk.count)
                if count <= 0 { return received }
                received.append(contentsOf: chunk[0..<count])
            }
        }
        var progress: [Int] = []
        let failure = bytes.withUnsafeBytes { POSIXIO.writeAll($0, to: writing) { progress.append($0) } }
        close(writing)
        let received = await reader.value
        close(reading)
        #expect(failure == nil)
        #expect(received == bytes)
        #expect(progress.reduce(0, +) == bytes.count)
        #expect(progress.count > 1, "a non-blocking pipe takes 300,000 bytes in several writes")
    }

    @Test func aFailedWriteGivesItsErrorAndTheOtherFormsWriteTheSameBytes() throws {
        #expect(POSIXIO.writeAll("x", to: -1) == POSIXError(code: EBADF))
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        #expect(POSIXIO.writeAll([1, 2, 3], to: full)?.description == "No space left on device")
        let path = NSTemporaryDirectory() + "write-loop-\(UUID().uuidString)"
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(POSIXIO.writeAll("héllo ", to: file) == nil)
        #expect(POSIXIO.writeAll(Array("wörld".utf8), to: file) == nil)
        close(file)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "héllo wörld")
    }
}
