import Foundation

/// Writers that feed the FIFOs of one input, so that a run reading one as a script gets its text
/// and an end rather than waiting for a writer for ever: each writes its text every time a reader
/// has the FIFO open, until ``stop()``.
final class FIFOWriters: @unchecked Sendable {
    // Unchecked: `stopping` is read by the writer threads and set once by the fuzzer's thread
    // under `lock`; the threads are waited for through `done`.
    private let lock = NSLock()
    private var stopping = false
    private let done = DispatchGroup()

    init(_ fifos: [(path: String, text: [UInt8])]) {
        for (path, text) in fifos {
            done.enter()
            Thread.detachNewThread { [self] in
                defer { done.leave() }
                while !isStopping {
                    // Non-blocking: the open fails (ENXIO) while no reader has the FIFO open, so
                    // the writer never waits on a FIFO that a run replaced (`test --update`
                    // renames a golden file over it) or that nobody reads.
                    let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                    guard descriptor >= 0 else {
                        if errno != ENXIO { return }
                        usleep(500)
                        continue
                    }
                    // A FIFO no longer: a run renamed a file over it (a golden file written with `--update`).
                    var status = stat()
                    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else {
                        close(descriptor)
                        return
                    }
                    var offset = 0
                    text.withUnsafeBytes { raw in
                        while offset < raw.count {
                            let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                            if written > 0 {
                                offset += written
                            } else if written < 0, errno == EAGAIN, !isStopping {
                                usleep(500)
                            } else {
                                break
                            }
                        }
                    }
                    close(descriptor)
                    // Until this reader closes, a new open would succeed at once: wait for it to go.
                    while !isStopping, readerIsPresent(path) { usleep(500) }
                }
            }
        }
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    /// Whether a reader still has the FIFO at `path` open.
    private func readerIsPresent(_ path: String) -> Bool {
        let probe = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard probe >= 0 else { return false }
        close(probe)
        return true
    }

    /// Stops the writers and waits for them to end.
    func stop() {
        lock.withLock { stopping = true }
        done.wait()
    }
}
