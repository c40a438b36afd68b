#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `test`'s scripts in `jobs` long-lived worker processes (``TestWorker``), each running
/// script after script as they are handed out, and hands the outcomes on in the scripts' order.
/// A worker that dies (a reactor that traps) costs only the script it was running, whose outcome
/// says so; a new worker takes its place.
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

    /// Runs `scripts` with `executable` and `arguments` (this program's command line) in at most
    /// `jobs` workers, and hands each outcome to `report` in the order of the scripts, as soon as
    /// it and those before it are done. Once `report` returns false, no other script starts and
    /// the workers are stopped.
    static func run(
        _ scripts: [String], jobs: Int, executable: String, arguments: [String], environment: [String: String],
        report: (Int, Outcome) -> Bool
    ) {
        var workers: [TestWorker] = []
        var finished: [Int: Outcome] = [:]
        var nextToStart = 0, nextToReport = 0
        var stopped = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func startWorker() -> Bool {
            switch TestWorker.start(executable: executable, arguments: arguments, environment: environment) {
            case .success(let worker):
                workers.append(worker)
                return true
            case .failure(let error):
                finished[nextToStart] = Outcome(text: "cannot start a worker process for \(scripts[nextToStart]): \(error)\n", status: 2, seconds: 0)
                nextToStart += 1
                return false
            }
        }
        while nextToReport < scripts.count && !stopped {
            // Keep `jobs` workers while scripts remain, and give each idle one the next script.
            let busy = workers.count { $0.assignment != nil }
            while workers.count < min(jobs, busy + scripts.count - nextToStart), startWorker() {}
            for position in workers.indices where workers[position].assignment == nil && nextToStart < scripts.count {
                // A worker that is gone cannot take it; its end (seen below) hands the script on.
                _ = workers[position].send(scripts[nextToStart], index: nextToStart)
                nextToStart += 1
            }
            if !workers.isEmpty {
                var polled: [pollfd] = []
                for worker in workers {
                    polled.append(pollfd(fd: worker.results, events: Int16(POLLIN), revents: 0))
                    polled.append(pollfd(fd: worker.strayEnded ? -1 : worker.stray, events: Int16(POLLIN), revents: 0))
                }
                if poll(&polled, nfds_t(polled.count), -1) < 0 && errno != EINTR { break }
                for position in workers.indices.reversed() {
                    if polled[2 * position + 1].revents != 0 { workers[position].readStray() }
                    guard polled[2 * position].revents != 0 else { continue }
                    switch workers[position].readResults(into: &buffer) {
                    case .running: break
                    case .finished(let index, let outcome): finished[index] = outcome
                    case .ended(let index, let outcome):
                        if let index, let outcome { finished[index] = outcome }
                        workers.remove(at: position)
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
        for worker in workers {
            if stopped { worker.stop() } else { worker.finish() }
        }
    }
}
