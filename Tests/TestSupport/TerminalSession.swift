import Foundation
import Synchronization

/// A program running in a real pseudo-terminal (a detached tmux session), driven like a
/// person at a keyboard: type text, press keys, read the screen, wait for text, learn the
/// exit status.
///
/// Each session runs its own tmux server on a private socket (`tmux -L <unique>`), ignores
/// the user's tmux configuration (`-f /dev/null`), has a fixed size, and keeps the pane after
/// the program exits (`remain-on-exit`) so the exit status and the last screen can be read.
/// The server is killed by `close()` and at the latest in `deinit`.
///
/// ```swift
/// let terminal = try TerminalSession(command: [binary], environment: ["HOME": home])
/// try await terminal.waitForText("counter> ")
/// try terminal.type("incr"); try terminal.press(.tab)
/// let screen = try await terminal.waitForText("increase")
/// ```
public final class TerminalSession {
    /// The tmux socket name of this session's private server.
    public let socketName: String
    /// The pane's size.
    public let columns: Int, rows: Int
    private let target = "main"
    /// Where the wrapper shell writes the program's exit status.
    private let statusPath: String
    private var closed = false

    /// Starts `command` (program and arguments, run directly, not through a shell) in a new
    /// terminal of `columns`×`rows`, in `workingDirectory` (default: the current one), with
    /// `environment` added to (and overriding) the test process's environment, and the
    /// variables named in `removingEnvironment` removed. `TERM` is tmux's own unless given.
    public init(
        command: [String],
        environment: [String: String] = [:],
        removingEnvironment: [String] = [],
        workingDirectory: String? = nil,
        columns: Int = 100,
        rows: Int = 30
    ) throws {
        precondition(!command.isEmpty, "TerminalSession needs a command")
        self.columns = columns
        self.rows = rows
        statusPath = NSTemporaryDirectory() + "terminal-session-\(getpid())-\(TerminalSession.nextSerialNumber()).status"
        socketName = "ts-\(getpid())-\(TerminalSession.nextSerialNumber())-\(UInt32.random(in: 0...UInt32.max))"
        var launch = ["/usr/bin/env"]
        for name in removingEnvironment { launch += ["-u", name] }
        launch += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // tmux loses a dead pane's exit status now and then (the terminal closing races the
        // child's reaping), so a small shell waits for the program and writes its status to
        // a file. It ignores the terminal's signals (a no-op trap, which the program does not
        // inherit), so Ctrl-C reaches the program alone in effect.
        launch += ["/bin/sh", "-c", "trap : INT QUIT TSTP; \"$@\"; echo $? > \"$0\"", statusPath]
        launch += command
        var newSession = ["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)"]
        if let workingDirectory { newSession += ["-c", workingDirectory] }
        newSession += launch
        let keepPane = ["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";"]
        // tmux 3.3 writes a "Pane is dead" notice into a dead pane, which can scroll the first
        // line away; an empty notice format avoids that. Older tmux lacks the option.
        let quietNotice = ["set-option", "-g", "remain-on-exit-format", "", ";"]
        do {
            try runTmux(keepPane + quietNotice + newSession)
        } catch TerminalSessionError.tmuxFailed {
            _ = try? runTmux(["kill-server"])
            try runTmux(keepPane + newSession)
        }
    }

    deinit { close() }

    /// Types `text` literally (no key names are interpreted).
    public func type(_ text: String) throws {
        try runTmux(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Sends `bytes` to the terminal as they are, whatever they encode (`tmux send-keys -H`):
    /// invalid UTF-8 or control bytes, as a program writing to the terminal could.
    public func typeBytes(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        let hex = bytes.map { byte in String(byte, radix: 16) }
        try runTmux(["send-keys", "-t", target, "-H"] + hex)
    }

    /// Presses `keys` one after another.
    public func press(_ keys: TerminalKey...) throws {
        try runTmux(["send-keys", "-t", target] + keys.map(\.tmuxName))
    }

    /// The visible screen, one line per row, trailing blanks and trailing empty rows removed.
    public func screen() throws -> String {
        let output = try runTmux(["capture-pane", "-p", "-t", target])
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        if lines.last?.hasPrefix("Pane is dead") == true {  // tmux's remain-on-exit notice
            lines.removeLast()
            while lines.last?.isEmpty == true { lines.removeLast() }
        }
        return lines.joined(separator: "\n")
    }

    /// The screen with its colour and attribute escape sequences (`capture-pane -e`).
    public func screenWithEscapes() throws -> String {
        try runTmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// The cursor's column and row (0-based).
    public func cursorPosition() throws -> (column: Int, row: Int) {
        let parts = try runTmux(["display-message", "-p", "-t", target, "#{cursor_x} #{cursor_y}"])
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 2 else { throw TerminalSessionError.unexpectedTmuxOutput("cursor position") }
        return (parts[0], parts[1])
    }

    /// The process id of the program (the child of the pane's wrapper shell).
    public func processID() throws -> Int32 {
        let text = try runTmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
        guard let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TerminalSessionError.unexpectedTmuxOutput("pane pid")
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            if let child = children.split(separator: " ").first.flatMap({ Int32($0) }) { return child }
            usleep(10_000)
        }
        throw TerminalSessionError.unexpectedTmuxOutput("program pid (child of \(shell))")
    }

    /// The program's exit status once the wrapper shell has written it.
    private func exitStatus() -> Int32? {
        guard let text = try? String(contentsOfFile: statusPath, encoding: .utf8), text.hasSuffix("\n") else {
            return nil
        }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the program has exited.
    public func hasExited() -> Bool { exitStatus() != nil }

    /// Whether tmux has seen the end of the pane's terminal output (`#{pane_dead}`).
    private func paneIsDead() -> Bool {
        (try? runTmux(["display-message", "-p", "-t", target, "#{pane_dead}"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Kills the tmux server (and with it the program). Safe to call more than once.
    public func close() {
        guard !closed else { return }
        closed = true
        _ = try? runTmux(["kill-server"])
        unlink(statusPath)
    }

    @discardableResult
    private func runTmux(_ arguments: [String]) throws -> String {
        let result = try TerminalSession.spawnAndWait(
            TerminalSession.tmuxPath, arguments: ["-L", socketName, "-f", "/dev/null"] + arguments)
        guard result.status == 0 else {
            throw TerminalSessionError.tmuxFailed(arguments: arguments, status: result.status, message: result.errors)
        }
        return result.output
    }

    /// Runs `path` with `arguments` and waits for it. Output goes through temporary files and
    /// every descriptor above stderr is closed in the child: the tmux server that the first
    /// call forks keeps whatever it inherits open forever, so a pipe (or Foundation's
    /// `Process`, whose exit monitoring relies on inherited descriptors) would never finish.
    private static func spawnAndWait(_ path: String, arguments: [String]) throws
        -> (status: Int32, output: String, errors: String)
    {
        let stem = NSTemporaryDirectory() + "terminal-session-\(getpid())-\(nextSerialNumber())"
        let outputPath = stem + ".out", errorPath = stem + ".err"
        defer { unlink(outputPath); unlink(errorPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        closeInheritedDescriptors(&actions)
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil  // the tests may themselves run inside tmux
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        // The tmux server inherits the signal mask and ignored signals of the spawning thread
        // (test runners block some); reset both, or the program ignores SIGTERM and SIGHUP and
        // tmux never learns its exit status.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptySet = sigset_t()
        sigemptyset(&emptySet)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptySet)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawnError = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawnError == 0 else {
            throw TerminalSessionError.tmuxFailed(arguments: arguments, status: -1,
                                                  message: String(cString: strerror(spawnError)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (exitStatus, output, errors)
    }

    /// Adds "close every descriptor above stderr" to `actions`: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (looked up at run time; Swift's Glibc module
    /// does not export it), else a close action for each descriptor open now.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Where tmux is installed (the first of the usual places that exists).
    public static let tmuxPath: String = {
        for candidate in ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/bin/tmux"
    }()

    /// The path of executable product `name` built next to the running test binary
    /// (`.build/debug/<name>`; on macOS the test bundle sits in the same directory).
    public static func builtProductPath(_ name: String) -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return name
    }

    /// Whether tmux is installed, for `.enabled(if:)` traits on tests that need it.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: tmuxPath) }

    private static let serialNumbers = SerialNumberSource()
    private static func nextSerialNumber() -> Int { serialNumbers.next() }
}

/// The waits. They suspend instead of blocking a thread: tests share Swift's small cooperative
/// pool (two threads on a two-core machine), so a blocking poll there starves every other test.
extension TerminalSession {
    /// Polls the screen until `condition` holds for it, sleeping between polls without blocking
    /// a thread; returns that screen. Throws `TerminalSessionError.timedOut` with the last screen.
    @discardableResult
    public func waitForScreen(
        timeout: Duration = .seconds(15), description: String = "condition",
        _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let current = try screen()
            if condition(current) { return current }
            if ContinuousClock.now >= deadline {
                throw TerminalSessionError.timedOut(waitingFor: description, screen: current)
            }
            try await Task.sleep(for: .milliseconds(30))
        }
    }

    /// Polls the screen until `text` is on it, without blocking a thread; returns that screen.
    @discardableResult
    public func waitForText(_ text: String, timeout: Duration = .seconds(15)) async throws -> String {
        try await waitForScreen(timeout: timeout, description: "text \"\(text)\"") { $0.contains(text) }
    }

    /// Waits until the program has exited, without blocking a thread; returns its exit status
    /// (128 + N when it was killed by signal N).
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(15)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            // The status file is written when the program ends, which can be before tmux has read
            // its last output from the terminal; the pane is dead only once tmux has read to the
            // end, so the screen is complete from then on.
            if let status = exitStatus(), paneIsDead() { return status }
            if ContinuousClock.now >= deadline {
                throw TerminalSessionError.timedOut(waitingFor: "program exit", screen: (try? screen()) ?? "")
            }
            try await Task.sleep(for: .milliseconds(30))
        }
    }
}

/// A key tmux can press, by its tmux name.
public struct TerminalKey: Sendable, Equatable {
    /// The key's name as `tmux send-keys` understands it (`Enter`, `C-c`, `Up`, …).
    public let tmuxName: String

    /// A key by its tmux name.
    public init(tmuxName: String) { self.tmuxName = tmuxName }

    /// Return.
    public static let enter = TerminalKey(tmuxName: "Enter")
    /// Tab (completion).
    public static let tab = TerminalKey(tmuxName: "Tab")
    /// Arrow up (previous history entry).
    public static let up = TerminalKey(tmuxName: "Up")
    /// Arrow down.
    public static let down = TerminalKey(tmuxName: "Down")
    /// Arrow left.
    public static let left = TerminalKey(tmuxName: "Left")
    /// Arrow right.
    public static let right = TerminalKey(tmuxName: "Right")
    /// Backspace.
    public static let backspace = TerminalKey(tmuxName: "BSpace")
    /// Escape.
    public static let escape = TerminalKey(tmuxName: "Escape")
    /// Ctrl-C (interrupt).
    public static let controlC = TerminalKey(tmuxName: "C-c")
    /// Ctrl-D (end of input on an empty line).
    public static let controlD = TerminalKey(tmuxName: "C-d")
    /// Ctrl-R (reverse history search).
    public static let controlR = TerminalKey(tmuxName: "C-r")
    /// Ctrl-U (erase the line before the cursor).
    public static let controlU = TerminalKey(tmuxName: "C-u")
    /// Ctrl-Z (suspend).
    public static let controlZ = TerminalKey(tmuxName: "C-z")
}

/// Why driving a terminal session failed.
public enum TerminalSessionError: Error, CustomStringConvertible {
    /// A tmux command exited with a non-zero status.
    case tmuxFailed(arguments: [String], status: Int32, message: String)
    /// The awaited text or exit did not come in time; `screen` is the last screen seen.
    case timedOut(waitingFor: String, screen: String)
    /// tmux printed something this harness could not parse.
    case unexpectedTmuxOutput(String)

    /// A readable account, including the screen for timeouts.
    public var description: String {
        switch self {
        case let .tmuxFailed(arguments, status, message):
            return "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(message)"
        case let .timedOut(waitingFor, screen):
            return "timed out waiting for \(waitingFor); the screen was:\n\(screen)"
        case let .unexpectedTmuxOutput(what):
            return "unexpected tmux output for \(what)"
        }
    }
}

/// Hands out increasing numbers across threads (parallel tests).
private final class SerialNumberSource: Sendable {
    private let counter = Mutex(0)
    func next() -> Int { counter.withLock { $0 += 1; return $0 } }
}
