#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReactorShell
import Testing

/// What a script run by ``ShellScript`` did.
public struct ShellScriptResult: Sendable {
    /// Everything the script wrote, results and errors in order, without colour: the text
    /// `reactor-shell run FILE 2>&1` prints.
    public let output: String
    /// Each error and failed `:expect`, located in the script.
    public let failures: [Diagnostic]
    /// `:expect` lines that held.
    public let passed: Int
    /// `:expect` lines that did not.
    public let failed: Int
    /// Errors: failed lines other than expectations.
    public let errors: Int

    /// Whether every command ran and every expectation held.
    public var succeeded: Bool { failures.isEmpty }
}

/// Runs shell scripts against a registry from Swift Testing: each error and failed `:expect` is
/// recorded as a test issue at the script's line, so a test fails where the script does.
///
/// ```swift
/// @Test @MainActor func addingAndClearing() async {
///     await ShellScript.run("""
///         :use todo
///         add milk
///         :expect remaining == 1
///         """, registry: Registry([TodoReactor.entry]))
/// }
///
/// @Test @MainActor func theTour() async {
///     await ShellScript.run(file: "Tests/scripts/tour.rsh", registry: registry)
/// }
/// ```
///
/// The script runs as `reactor-shell run` runs one: in a fresh session on the virtual clock,
/// waiting after each action, loading `configuration.initialReactor` (or the registry's first
/// entry) first.
public enum ShellScript {
    /// Runs `script` (the text of a script) and records an issue for each failure. The issue of
    /// script line N is placed N lines below `sourceLocation` (the call), which is where line N
    /// is when the script is a multi-line string literal opened on the line of the call.
    @MainActor
    @discardableResult
    public static func run(
        _ script: String, registry: Registry, configuration: ShellConfiguration = ShellConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ShellScriptResult {
        let source = "<script>"
        var template = Array("\(temporaryDirectory())/reactor-shell-script-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            Issue.record("cannot create a temporary file for the script: \(String(cString: strerror(errno)))",
                         sourceLocation: sourceLocation)
            return ShellScriptResult(output: "", failures: [], passed: 0, failed: 0, errors: 0)
        }
        unlink(template)
        var bytes = Array(script.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        POSIXIO.writeAll(bytes, to: descriptor)
        lseek(descriptor, 0, SEEK_SET)
        defer { close(descriptor) }
        return await run(descriptor: descriptor, source: source, registry: registry, configuration: configuration) { diagnostic in
            guard diagnostic.source == source else { return location(ofFile: diagnostic, callerModule: sourceLocation.moduleName) }
            var location = sourceLocation
            location.line = sourceLocation.line + diagnostic.line
            location.column = max(1, diagnostic.column)
            return location
        }
    }

    /// Runs the script file at `path` (relative to the current directory) and records an issue
    /// for each failure at its line of that file.
    @MainActor
    @discardableResult
    public static func run(
        file path: String, registry: Registry, configuration: ShellConfiguration = ShellConfiguration(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ShellScriptResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            Issue.record("cannot read script '\(path)': \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
            return ShellScriptResult(output: "", failures: [], passed: 0, failed: 0, errors: 0)
        }
        defer { close(descriptor) }
        return await run(descriptor: descriptor, source: path, registry: registry, configuration: configuration) { diagnostic in
            location(ofFile: diagnostic, callerModule: sourceLocation.moduleName)
        }
    }

    @MainActor
    private static func run(
        descriptor: Int32, source: String, registry: Registry, configuration: ShellConfiguration,
        locate: (Diagnostic) -> SourceLocation
    ) async -> ShellScriptResult {
        var configuration = configuration
        configuration.color = .never
        var output = ""
        let sink = OutputSink()
        sink.interceptor = { output += $0 + "\n" }
        sink.errorInterceptor = { output += $0 + "\n" }
        let session = ShellSession(registry: registry, configuration: configuration, sink: sink, interactive: false)
        var failures: [Diagnostic] = []
        session.failureObserver = { failures.append($0) }
        var sceneErrors = 0  // the registry's reactor that cannot be loaded
        if let problem = session.loadInitialScene() {
            failures.append(Diagnostic(source: source, line: 1, column: 1, message: problem))
            sceneErrors = 1
        } else {
            _ = await session.runScript(descriptor: descriptor, source: source, echo: false, bail: false)
        }
        session.printSummary()
        sink.flush()
        for failure in failures {
            Issue.record(Comment(rawValue: failure.description), sourceLocation: locate(failure))
        }
        return ShellScriptResult(output: output, failures: failures, passed: session.passed, failed: session.failed,
            errors: session.errors + sceneErrors)
    }

    /// The location of `diagnostic` in the script file it names (made absolute).
    private static func location(ofFile diagnostic: Diagnostic, callerModule: String) -> SourceLocation {
        var path = diagnostic.source
        if !path.hasPrefix("/"), let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        return SourceLocation(
            fileID: "\(callerModule)/\(fileName)", filePath: path,
            line: max(1, diagnostic.line), column: max(1, diagnostic.column))
    }

    private static func temporaryDirectory() -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        return directory.isEmpty ? "/tmp" : directory
    }
}
