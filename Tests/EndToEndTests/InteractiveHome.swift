import Foundation
import TestSupport

/// A throw-away home directory for one interactive test: `HOME` and `XDG_STATE_HOME` point
/// into it, so the user's history file and `~/.inputrc` are never read or touched.
final class InteractiveHome {
    /// The directory's absolute path (used as `HOME` and as the working directory).
    let path: String

    /// The built `reactor-shell` executable.
    static let binary = TerminalSession.builtProductPath("reactor-shell")

    /// Variables of the test process that would change what the shell does.
    static let removedVariables = [
        "REACTOR_SHELL_HISTORY", "TODO_SHELL_HISTORY", "INPUTRC", "NO_COLOR", "GITHUB_TOKEN", "GITHUB_API_URL",
    ]

    init() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reactor-shell-tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `$XDG_STATE_HOME` of the shells started here.
    var stateDirectory: String { path + "/state" }

    /// Where the shell keeps its history by default (SPEC §2).
    var defaultHistoryPath: String { stateDirectory + "/reactor-shell/history" }

    /// Writes `text` to `name` inside the home directory; returns the absolute path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The bytes of `file` (absolute, or relative to the home directory), `nil` when missing.
    func bytes(of file: String) -> [UInt8]? {
        let absolute = file.hasPrefix("/") ? file : path + "/" + file
        return FileManager.default.contents(atPath: absolute).map { Array($0) }
    }

    /// The text of `file`, `nil` when missing.
    func text(of file: String) -> String? {
        bytes(of: file).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Starts `reactor-shell arguments…` in a terminal, with this home, and waits for the
    /// first prompt (`prompt`, right-trimmed like the screen).
    func startShell(
        _ arguments: [String] = ["--real-clock"],
        environment: [String: String] = [:],
        prompt: String = "counter>",
        columns: Int = 100,
        rows: Int = 30
    ) async throws -> TerminalSession {
        try await start(command: [InteractiveHome.binary] + arguments, environment: environment,
                        columns: columns, rows: rows, waitingFor: prompt)
    }

    /// Starts `reactor-shell arguments…` through `sh -c script`, where the script refers to the
    /// binary as `"$0"` and to the arguments as `"$@"` (for redirections and commands after it).
    func startShell(
        wrappedIn script: String,
        _ arguments: [String] = ["--real-clock"],
        environment: [String: String] = [:],
        waitingFor prompt: String = "counter>"
    ) async throws -> TerminalSession {
        try await start(command: ["/bin/sh", "-c", script, InteractiveHome.binary] + arguments,
                        environment: environment, columns: 100, rows: 30, waitingFor: prompt)
    }

    /// Starts `command` (a program and its arguments) in a terminal, with this home, and waits
    /// for the first prompt.
    func start(
        command: [String], environment: [String: String] = [:], columns: Int = 100, rows: Int = 30,
        waitingFor prompt: String
    ) async throws -> TerminalSession {
        var variables = ["HOME": path, "XDG_STATE_HOME": stateDirectory]
        variables.merge(environment) { _, new in new }
        let terminal = try TerminalSession(
            command: command, environment: variables,
            removingEnvironment: InteractiveHome.removedVariables.filter { variables[$0] == nil },
            workingDirectory: path, columns: columns, rows: rows)
        try await terminal.waitForLastLine(prompt)
        return terminal
    }

    /// Polls `file` until its text equals `expected`; returns the last text seen.
    @discardableResult
    func waitForFile(_ file: String, toBe expected: String, timeout: Duration = .seconds(15)) async throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let current = text(of: file)
            if current == expected || ContinuousClock.now >= deadline { return current }
            try await Task.sleep(for: .milliseconds(30))
        }
    }
}

/// The last line of a screen (the prompt row once the shell is waiting for input).
func lastLine(of screen: String) -> String {
    String(screen.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
}

/// The screen's lines.
func lines(of screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

extension TerminalSession {
    /// Types `text` and presses Enter.
    func enter(_ text: String) throws {
        try type(text)
        try press(.enter)
    }

    /// Polls the screen until `condition` holds for it and returns that screen, like
    /// Polls the screen until `condition` holds, without blocking a thread (TestSupport's async
    /// `waitForScreen`); throws `TerminalSessionError.timedOut` with the last screen.
    @discardableResult
    func waitUntil(
        _ description: String, timeout: Duration = .seconds(20), _ condition: (String) -> Bool
    ) async throws -> String {
        try await waitForScreen(timeout: timeout, description: description, condition)
    }

    /// Waits until `text` is on the screen; returns the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20)) async throws -> String {
        try await waitUntil("text \"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until the last screen line is exactly `line`; returns the screen.
    @discardableResult
    func waitForLastLine(_ line: String, timeout: Duration = .seconds(20)) async throws -> String {
        try await waitUntil("last line \"\(line)\"", timeout: timeout) { lastLine(of: $0) == line }
    }

    /// Waits until the shell has taken the line last entered, shown on screen as `line` (prompt
    /// included): the line is there and the cursor has moved below it.
    func waitUntilTaken(_ line: String, timeout: Duration = .seconds(20)) async throws {
        try await waitUntil("\"\(line)\" taken", timeout: timeout) { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard let row = rows.lastIndex(where: { $0 == line }), let cursor = try? cursorPosition() else { return false }
            return cursor.row > row
        }
    }

    /// Waits until the program has exited; returns its exit status.
    func waitForExitStatus(timeout: Duration = .seconds(20)) async throws -> Int32 {
        try await waitForExit(timeout: timeout)
    }
}

extension TerminalKey {
    /// Ctrl-T (bound in the `~/.inputrc` test).
    static let controlT = TerminalKey(tmuxName: "C-t")
}

/// A TCP port on 127.0.0.1 that accepts connections (the kernel completes them) but never
/// answers: a request to it stays in flight until the client gives up.
final class SilentLoopbackListener {
    /// The listening port.
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard descriptor >= 0, bound == 0, named == 0, listen(descriptor, 16) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw TerminalSessionError.unexpectedTmuxOutput("a silent listener on 127.0.0.1: errno \(errno)")
        }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// `http://127.0.0.1:PORT`.
    var baseURL: String { "http://127.0.0.1:\(port)" }
}
