#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One worker of a parallel `test` run, seen from the parent: a long-lived child process (this
/// program again, with the same command line and ``GoldenScripts/workerVariable`` set) that runs
/// script after script, so that a suite pays one process start per worker, not one per script.
///
/// The protocol, both ways through pipes:
/// - the parent writes a script's path, ended by a NUL byte, to the worker's standard input;
/// - the worker runs it as a sequential `test` would and writes `STATUS LENGTH\n` and the
///   LENGTH bytes of its output to its descriptor 3 (``TestWorkerLoop``), then reads the next path;
/// - the end of its input ends the worker.
///
/// Whatever the worker writes to its standard output or error (a crash report) goes to a third
/// pipe and counts as part of the output of the script it is running.
struct TestWorker {
    /// The script a worker is running: its place in the list, and when it was sent.
    struct Assignment {
        let index: Int
        let started: ContinuousClock.Instant
    }

    let pid: pid_t
    /// The writing end of the worker's standard input.
    private let input: Int32
    /// The reading end of the worker's descriptor 3: the framed outcomes.
    let results: Int32
    /// The reading end of the worker's standard output and error (non-blocking).
    let stray: Int32
    /// Whether its standard output and error have ended (the worker has died or is dying).
    private(set) var strayEnded = false
    /// The script it runs, nil when it waits for one.
    private(set) var assignment: Assignment?
    private var resultBytes: [UInt8] = []
    private var strayBytes: [UInt8] = []

    /// Starts a worker: `executable` with `arguments` and `environment` plus the worker variable.
    static func start(executable: String, arguments: [String], environment: [String: String]) -> Result<TestWorker, POSIXError> {
        var toWorker: [Int32] = [0, 0], fromWorker: [Int32] = [0, 0], strayOutput: [Int32] = [0, 0]
        guard pipe(&toWorker) == 0 else { return .failure(POSIXError(code: errno)) }
        guard pipe(&fromWorker) == 0 else {
            let error = POSIXError(code: errno)
            for end in toWorker { close(end) }
            return .failure(error)
        }
        guard pipe(&strayOutput) == 0 else {
            let error = POSIXError(code: errno)
            for end in toWorker + fromWorker { close(end) }
            return .failure(error)
        }
        // No end stays open in a worker except the three it gets as 0, 1/2 and 3 (else a worker
        // started later would hold another's pipes open, and its end would never be seen).
        for end in toWorker + fromWorker + strayOutput { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(strayOutput[0], F_SETFL, fcntl(strayOutput[0], F_GETFL) | O_NONBLOCK)
        var environment = environment
        environment[GoldenScripts.workerVariable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a trapping reactor ends its script quietly
        let spawned = ChildProcess.spawn(
            executable, arguments: arguments, environment: environment,
            input: toWorker[0], output: strayOutput[1], errors: strayOutput[1], extra: fromWorker[1])
        for end in [toWorker[0], fromWorker[1], strayOutput[1]] { close(end) }
        switch spawned {
        case .success(let pid):
            return .success(TestWorker(pid: pid, input: toWorker[1], results: fromWorker[0], stray: strayOutput[0]))
        case .failure(let error):
            for end in [toWorker[1], fromWorker[0], strayOutput[0]] { close(end) }
            return .failure(error)
        }
    }

    private init(pid: pid_t, input: Int32, results: Int32, stray: Int32) {
        self.pid = pid
        self.input = input
        self.results = results
        self.stray = stray
    }

    /// Sends `script` (number `index`) to the worker; false when the worker is gone.
    mutating func send(_ script: String, index: Int) -> Bool {
        assignment = Assignment(index: index, started: .now)
        return POSIXIO.writeAll(script + "\0", to: input) == nil
    }

    /// What reading the worker's results gave.
    enum Progress {
        /// Nothing complete yet.
        case running
        /// The script it was running is done.
        case finished(Int, TestWorkers.Outcome)
        /// The worker has ended: with the outcome of the script it was running, if any.
        case ended(Int?, TestWorkers.Outcome?)
    }

    /// Reads what the worker wrote to descriptor 3 (it is readable).
    mutating func readResults(into buffer: inout [UInt8]) -> Progress {
        let result = POSIXIO.readChunk(results, into: &buffer)
        guard case .bytes(let count) = result else { return end() }
        resultBytes += buffer[..<count]
        guard let (status, text) = Self.frame(in: &resultBytes), let assignment else { return .running }
        readStray()
        self.assignment = nil
        let outcome = TestWorkers.Outcome(
            text: text + Self.decode(strayBytes), status: status, seconds: Self.seconds(since: assignment.started))
        strayBytes.removeAll()
        return .finished(assignment.index, outcome)
    }

    /// Reads what the worker wrote to its standard output or error (it is readable).
    mutating func readStray() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !strayEnded {
            switch POSIXIO.readChunk(stray, into: &chunk) {
            case .bytes(let count): strayBytes += chunk[..<count]
            case .end: strayEnded = true
            case .failed(let error): if error != EAGAIN { strayEnded = true } else { return }
            }
        }
    }

    /// The worker's descriptor 3 has ended: it has exited or died. Waits for it and gives the
    /// outcome of the script it was running (what it wrote, and how it ended), if it ran one.
    private mutating func end() -> Progress {
        close(input)
        close(results)
        let ending = ChildProcess.wait(for: pid)
        readStray()  // the worker is gone: to the end of what it wrote
        close(stray)
        guard let assignment else { return .ended(nil, nil) }
        var text = Self.decode(strayBytes)
        switch ending {
        case .signaled(let signal): text += "the script's process was killed by signal \(signal)\n"
        case .exited(let code): text += "the script's process ended with status \(code) before the script did\n"
        }
        return .ended(assignment.index, TestWorkers.Outcome(text: text, status: 1, seconds: Self.seconds(since: assignment.started)))
    }

    /// Stops the worker at once (the run stops early).
    func stop() {
        kill(pid, SIGTERM)
        for end in [input, results, stray] { close(end) }
        _ = ChildProcess.wait(for: pid)
    }

    /// Ends the worker's input, so that it exits once done, and waits for it.
    func finish() {
        close(input)
        close(results)
        close(stray)
        _ = ChildProcess.wait(for: pid)
    }

    /// Takes one complete `STATUS LENGTH\n` frame and its bytes off the front of `bytes`.
    static func frame(in bytes: inout [UInt8]) -> (Int32, String)? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = bytes[..<newline].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard header.count == 2, let status = Int32(header[0]), let length = Int(header[1]) else {
            // Not the protocol: the worker is not this program's test worker.
            let text = decode(bytes)
            bytes.removeAll()
            return (2, "not a test worker's answer: \(text.prefix(200))\n")
        }
        let start = newline + 1
        guard bytes.count - start >= length else { return nil }
        let text = decode(bytes[start..<(start + length)])
        bytes.removeSubrange(..<(start + length))
        return (status, text)
    }

    private static func decode(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
