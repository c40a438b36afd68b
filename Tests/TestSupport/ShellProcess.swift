import Foundation
import Synchronization

/// What a finished `reactor-shell` process left behind.
public struct ShellProcessResult: Sendable {
    /// Everything written to standard output, as bytes.
    public let stdoutBytes: [UInt8]
    /// Everything written to standard error, as bytes.
    public let stderrBytes: [UInt8]
    /// The exit status (or 128 + the signal number when a signal ended it).
    public let status: Int32
    /// Whether the process had to be killed because it outlived its time limit.
    public let timedOut: Bool

    /// Standard output decoded as UTF-8 (invalid bytes replaced).
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// Standard error decoded as UTF-8 (invalid bytes replaced).
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

    /// Standard output split into lines, without the final empty piece after the last newline.
    public var stdoutLines: [String] { Self.lines(of: stdout) }
    /// Standard error split into lines, without the final empty piece after the last newline.
    public var stderrLines: [String] { Self.lines(of: stderr) }

    /// The last line written to standard output, if any.
    public var lastStdoutLine: String? { stdoutLines.last }

    private static func lines(of text: String) -> [String] {
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if pieces.last == "" { pieces.removeLast() }
        return pieces
    }
}

/// Where standard input of the process comes from.
public enum ShellProcessInput: Sendable {
    /// `/dev/null`: the process reads end of file at once.
    case none
    /// These bytes, written through a pipe, then end of file.
    case pipe([UInt8])

    /// `text` as UTF-8 through a pipe.
    public static func text(_ text: String) -> ShellProcessInput { .pipe(Array(text.utf8)) }
}

/// A problem starting the process.
public struct ShellProcessError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

/// Runs the built `reactor-shell` executable (found next to the running test binary) with
/// arguments, standard input and environment, and collects standard output, standard error and
/// the exit status. Output goes to temporary files, so nothing can dead-lock on a full pipe.
public enum ShellProcess {
    /// The variables every run gets unless `environment` overrides them: the test process's own,
    /// minus those that would change the shell's behaviour behind a test's back.
    public static var baseEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["GITHUB_API_URL", "GITHUB_TOKEN", "REACTOR_SHELL_HISTORY", "NO_COLOR"] {
            environment[name] = nil
        }
        environment["TERM"] = "xterm-256color"
        return environment
    }

    /// Runs `reactor-shell arguments…` with `input` on stdin, in `workingDirectory` (the current one
    /// when nil), with `environment` merged over ``baseEnvironment`` (a nil value removes a
    /// variable). The process is killed after `timeLimit`. `executable` runs another program
    /// instead (a path), e.g. a tool that inspects the built binary.
    public static func run(
        _ arguments: [String],
        input: ShellProcessInput = .none,
        environment: [String: String?] = [:],
        workingDirectory: String? = nil,
        timeLimit: Duration = .seconds(60),
        executable: String? = nil
    ) async throws -> ShellProcessResult {
        let executable = try executable ?? executablePath()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("reactor-shell-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = baseEnvironment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle

        var inputPipe: Pipe?
        switch input {
        case .none:
            process.standardInput = FileHandle.nullDevice
        case .pipe:
            let pipe = Pipe()
            process.standardInput = pipe
            inputPipe = pipe
        }

        let exit = ExitSignal()
        process.terminationHandler = { finished in
            exit.fire(status: finished.terminationStatus, reason: finished.terminationReason)
        }
        _ = ignoreBrokenPipes
        try process.run()
        try? stdoutHandle.close()
        try? stderrHandle.close()

        if case .pipe(let bytes) = input, let pipe = inputPipe {
            try? pipe.fileHandleForReading.close()
            let writer = pipe.fileHandleForWriting
            // A separate thread: the child may read slowly or exit before reading everything.
            Thread.detachNewThread {
                try? writer.write(contentsOf: Data(bytes))
                try? writer.close()
            }
        }

        let processID = process.processIdentifier
        let watchdog = Task.detached {
            try await Task.sleep(for: timeLimit)
            exit.markTimedOut()
            kill(processID, SIGKILL)
        }
        let (status, reason) = await exit.wait()
        watchdog.cancel()

        let stdoutData = (try? Data(contentsOf: stdoutURL)) ?? Data()
        let stderrData = (try? Data(contentsOf: stderrURL)) ?? Data()
        return ShellProcessResult(
            stdoutBytes: Array(stdoutData), stderrBytes: Array(stderrData),
            status: reason == .uncaughtSignal ? 128 + status : status,
            timedOut: exit.timedOut)
    }

    /// Writing to a pipe whose reader has exited must fail, not kill the test process.
    private static let ignoreBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// The path of the built `reactor-shell`: `REACTOR_SHELL_EXECUTABLE` if set, else the
    /// `reactor-shell` beside the test binary (Linux: `.build/<triple>/debug/X.xctest` is an
    /// executable in the products directory; macOS: the bundle's executable is three levels down
    /// in `X.xctest/Contents/MacOS`).
    public static func executablePath() throws -> String {
        if let override = ProcessInfo.processInfo.environment["REACTOR_SHELL_EXECUTABLE"], !override.isEmpty {
            return override
        }
        var starts: [URL] = []
        if let first = CommandLine.arguments.first, !first.isEmpty {
            let url = URL(fileURLWithPath: first)
            starts.append(url)
            starts.append(url.resolvingSymlinksInPath())
        }
        starts.append(URL(fileURLWithPath: Bundle.main.bundlePath))
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            starts.append(URL(fileURLWithPath: bundle.bundlePath))
        }
        starts.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath())
        var tried: [String] = []
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("reactor-shell").path
                if FileManager.default.isExecutableFile(atPath: candidate),
                   !isDirectory(candidate) {
                    return candidate
                }
                tried.append(candidate)
                if directory.path == "/" { break }
                directory.deleteLastPathComponent()
            }
        }
        throw ShellProcessError(description: "reactor-shell not found; tried: \(tried.joined(separator: ", "))")
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// The process's end, handed from Foundation's termination handler to an awaiting test.
private final class ExitSignal: Sendable {
    private struct State {
        var outcome: (Int32, Process.TerminationReason)?
        var waiter: CheckedContinuation<(Int32, Process.TerminationReason), Never>?
        var timedOut = false
    }

    private let state = Mutex(State())

    func fire(status: Int32, reason: Process.TerminationReason) {
        let waiter = state.withLock { state in
            state.outcome = (status, reason)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: (status, reason))
    }

    func markTimedOut() {
        state.withLock { $0.timedOut = true }
    }

    var timedOut: Bool { state.withLock { $0.timedOut } }

    func wait() async -> (Int32, Process.TerminationReason) {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> (Int32, Process.TerminationReason)? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
