/// Runs `test`'s scripts in child processes, several at a time: each child is this program again,
/// with the same command line and the script to run in ``GoldenScripts/workerVariable``; it runs
/// that one script as a sequential `test` would and writes its output to a pipe.
enum TestWorkers {
    /// What running one script gave.
    struct Outcome {
        /// Everything it printed, results and errors in order.
        var text: String
        /// Its exit status as `run` gives it (2: the script could not be read).
        var status: Int32
        /// Wall time from its start to its end, in seconds.
        var seconds: Double
    }

    private struct Running {
        let index: Int
        let pid: pid_t
        let descriptor: Int32
        let started: ContinuousClock.Instant
        var bytes: [UInt8] = []
    }

    /// Runs `scripts` with `executable` and `arguments` (this program's command line), at most
    /// `jobs` at once, and hands each outcome to `report` in the order of the scripts, as soon as
    /// it and those before it are done. Once `report` returns false, no other script starts and
    /// the children still running are stopped.
    static func run(
        _ scripts: [String], jobs: Int, executable: String, arguments: [String], environment: [String: String],
        report: (Int, Outcome) -> Bool
    ) {
        var running: [Running] = []
        var finished: [Int: Outcome] = [:]
        var nextToStart = 0, nextToReport = 0
        var stopped = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while nextToReport < scripts.count && !stopped {
            while running.count < jobs && nextToStart < scripts.count {
                switch start(scripts[nextToStart], index: nextToStart, executable: executable, arguments: arguments, environment: environment) {
                case .success(let child): running.append(child)
                case .failure(let error):
                    finished[nextToStart] = Outcome(text: "cannot start a process for \(scripts[nextToStart]): \(error)\n", status: 2, seconds: 0)
                }
                nextToStart += 1
            }
            if !running.isEmpty {
                var polled = running.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
                if poll(&polled, nfds_t(polled.count), -1) < 0 && errno != EINTR { break }
                for position in polled.indices.reversed() where polled[position].revents != 0 {
                    let count = read(running[position].descriptor, &buffer, buffer.count)
                    if count > 0 {
                        running[position].bytes += buffer[..<count]
                    } else if count == 0 || errno != EINTR {
                        let child = running.remove(at: position)
                        finished[child.index] = finish(child)
                    }
                }
            }
            while let outcome = finished.removeValue(forKey: nextToReport) {
                let goesOn = report(nextToReport, outcome)
                nextToReport += 1
                if !goesOn {
                    stopped = true
                    break
                }
            }
        }
        for child in running {
            kill(child.pid, SIGTERM)
            close(child.descriptor)
            _ = ChildProcess.wait(for: child.pid)
        }
    }

    /// Starts the child that runs `script`, its output (both streams) into a pipe.
    private static func start(
        _ script: String, index: Int, executable: String, arguments: [String], environment: [String: String]
    ) -> Result<Running, POSIXError> {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return .failure(POSIXError(code: errno)) }
        // The reading end stays out of every child (or the children started after this one would
        // hold it open).
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var environment = environment
        environment[GoldenScripts.workerVariable] = script
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a trapping reactor ends its script quietly
        let started = ContinuousClock.now
        let spawned = ChildProcess.spawn(executable, arguments: arguments, environment: environment, output: ends[1], errors: ends[1])
        close(ends[1])
        switch spawned {
        case .success(let pid): return .success(Running(index: index, pid: pid, descriptor: ends[0], started: started))
        case .failure(let error):
            close(ends[0])
            return .failure(error)
        }
    }

    /// The outcome of `child`, whose output has ended.
    private static func finish(_ child: Running) -> Outcome {
        close(child.descriptor)
        var text = String(decoding: child.bytes, as: UTF8.self)
        let status: Int32
        switch ChildProcess.wait(for: child.pid) {
        case .exited(let code): status = code
        case .signaled(let signal):
            text += "the script's process was killed by signal \(signal)\n"
            status = 1
        }
        let elapsed = ContinuousClock.now - child.started
        return Outcome(text: text, status: status, seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
