import Foundation
import TestSupport

/// A temporary directory holding the scripts of one test; the shell runs with it as its
/// working directory. Removed when the test's `withWorkspace` body ends.
struct ScriptWorkspace {
    /// The directory's absolute path.
    let path: String

    /// Writes `text` to `name` (relative to the workspace; folders are created) and returns the absolute path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes raw `bytes` to `name` and returns the absolute path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// The text of file `name` of the workspace.
    func read(_ name: String) throws -> String {
        try String(contentsOfFile: URL(fileURLWithPath: path).appendingPathComponent(name).path, encoding: .utf8)
    }

    /// Runs `reactor-shell arguments…` in this workspace.
    func shell(
        _ arguments: [String], input: ShellProcessInput = .none, environment: [String: String?] = [:]
    ) async throws -> ShellProcessResult {
        try await ShellProcess.run(arguments, input: input, environment: environment, workingDirectory: path)
    }

    /// Writes `script` to `name` and runs `reactor-shell run [options…] name`.
    func run(
        _ script: String, named name: String = "script.rsh", options: [String] = [],
        environment: [String: String?] = [:]
    ) async throws -> ShellProcessResult {
        try write(name, script)
        return try await shell(["run"] + options + [name], environment: environment)
    }
}

/// Runs `body` with a fresh workspace and removes it afterwards.
func withWorkspace<Result>(_ body: (ScriptWorkspace) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("reactor-shell-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(ScriptWorkspace(path: directory.resolvingSymlinksInPath().path))
}

/// Runs `script` (joined lines) in a fresh workspace: `reactor-shell run [options…] script.rsh`.
func runScript(_ lines: [String], options: [String] = []) async throws -> ShellProcessResult {
    try await withWorkspace { workspace in
        try await workspace.run(lines.joined(separator: "\n") + "\n", options: options)
    }
}

/// Pipes `lines` into `reactor-shell arguments…` (by default no arguments: plain piped stdin).
func pipeScript(_ lines: [String], arguments: [String] = []) async throws -> ShellProcessResult {
    try await ShellProcess.run(arguments, input: .text(lines.joined(separator: "\n") + "\n"))
}

extension ShellProcessResult {
    /// Standard output and standard error, for failure messages.
    var transcript: String {
        "status \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
    }

    /// Whether either stream holds an ESC byte (ANSI escape sequences).
    var containsEscapeBytes: Bool {
        stdoutBytes.contains(0x1B) || stderrBytes.contains(0x1B)
    }
}
