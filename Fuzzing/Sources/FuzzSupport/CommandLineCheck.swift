import Foundation
@testable import ReactorShell
import BuiltinReactors

/// Runs a fuzzed command line the way `reactor-shell` would, in-process: arguments, environment
/// variables and the files they name, of every kind (missing, regular, directory, devices, FIFO,
/// symbolic link loop, huge sparse file). Whatever they are, parsing and running must end without
/// a trap, with exit status 0, 1 or 2, a usage error that says something, a summary after every
/// batch run that was not a usage error, and no temporary file of the writer left behind.
///
/// The input's lines (see ``Input``): `$NAME=VALUE` sets an environment variable, `@NAME KIND
/// [TEXT]` makes a file in the input's own directory (the working directory meanwhile), any other
/// line is one argument. Lines that would make an input slow or reach out are kept from the run
/// (the command line is still parsed as given): the network fetcher and the real clock are
/// replaced by the stub and the virtual clock, `explore` is parsed but not run, and a script's
/// `:load`, `:save`, `:diagram`, `:sleep` and long waits are blanked as in ``RunnerCheck``.
@MainActor
public enum CommandLineCheck {
    /// The kinds of file an input can make.
    enum FileKind: String, CaseIterable {
        case file, missing, directory, null, zero, full, fifo, loop, huge, link
    }

    /// One input, decoded.
    struct Input {
        var arguments: [String] = []
        var environment: [String: String] = [:]
        var files: [(name: String, kind: FileKind, text: String)] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            for line in FuzzInput.lines(bytes, limit: 64) {
                if line.hasPrefix("$"), let equals = line.firstIndex(of: "=") {
                    environment[String(line[line.index(after: line.startIndex)..<equals])] = String(line[line.index(after: equals)...])
                } else if line.hasPrefix("@") {
                    let fields = line.dropFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                    guard fields.count >= 2, let kind = FileKind(rawValue: String(fields[1])) else { continue }
                    let name = String(fields[0])
                    // One file a name; none named like a writer's temporary file (see ``leftTemporaryFilesCheck()``).
                    guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.hasSuffix(".tmp"), !name.contains("\0"),
                        files.count < 8, !files.contains(where: { $0.name == name })
                    else { continue }
                    // `\n` in the text stands for a line break (each input line is one line of this input).
                    let text = fields.count > 2 ? String(fields[2]).replacingOccurrences(of: "\\n", with: "\n") : ""
                    files.append((name, kind, text))
                } else if arguments.count < 24 {
                    arguments.append(line)
                }
            }
        }
    }

    /// The directory each input's files are made in, emptied before each input.
    static let directory: String = {
        var template = Array((NSTemporaryDirectory() + "/fuzz-command-line-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp: \(String(cString: strerror(errno)))") }
        return String(cString: made)
    }()

    /// Decodes and runs `bytes`; returns the exit status the run would have had.
    @discardableResult
    public static func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let input = Input(bytes)
        let caller = FileManager.default.currentDirectoryPath
        prepareDirectory(input.files)
        let writers = FIFOWriters(input.files.filter { $0.kind == .fifo }.map { (directory + "/" + $0.name, admittedScript($0.text)) })
        defer {
            writers.stop()
            leftTemporaryFilesCheck()
            // libFuzzer writes the corpus and artifacts relative to the directory it started in.
            guard chdir(caller) == 0 else { fatalError("chdir: \(String(cString: strerror(errno)))") }
        }
        return runPlan(LaunchPlan.parse(input.arguments, environment: input.environment, registry: .builtins), input: input)
    }

    private static func runPlan(_ plan: LaunchPlan, input: Input) -> Int32 {
        switch plan {
        case .usageError(let text):
            if text.isEmpty { fuzzFailure("a usage error without a message", line: input.arguments.joined(separator: " ")) }
            return 2
        case .message, .list, .explore:
            return 0
        case .shell(let configuration):
            return historyCheck(configuration)
        case .check(let configuration, let paths):
            let sink = silentSink()
            return CheckScripts.run(paths.map(sandboxed), registry: .builtins, configuration: sandboxed(configuration), sink: sink)
        case .run(let configuration, let files):
            return runToEnd(sandboxed(configuration), summary: .batch) { configuration, sink in
                await ReactorShellMain.runBatch(registry: .builtins, configuration: configuration, files: files.map(sandboxed), sink: sink)
            }
        case .test(let configuration, var request):
            // One script after another in this process: a parallel run would start this fuzzer as its workers.
            request.jobs = 1
            request.paths = request.paths.map(sandboxed)
            request.junitFile = request.junitFile.map(sandboxed)
            return runToEnd(sandboxed(configuration), summary: .golden(update: request.update)) { configuration, sink in
                await GoldenScripts.run(request, registry: .builtins, configuration: configuration, arguments: [], sink: sink)
            }
        }
    }

    /// What the interactive shell does with the history settings before its first prompt.
    private static func historyCheck(_ configuration: ShellConfiguration) -> Int32 {
        let variable = configuration.identity.historySizeVariable
        guard case .success(let size) = HistoryStore.size(fromEnvironment: configuration.environment[variable], variable: variable)
        else { return 2 }
        let store = HistoryStore(path: directory + "/history", limit: size ?? HistoryStore.defaultLimit)
        do {
            try store.load()
            for line in ["increase", ":state", "decrease"] { try store.append(line) }
        } catch {
            // A history that cannot be written is reported by the shell, which goes on.
        }
        return 0
    }

    /// A file name of the command line, kept inside the input's directory: standard input is
    /// `/dev/null`; a path outside the directory, or a name of it that leads to a device other
    /// than `/dev/null` (a golden file's link to `/dev/zero`, which a run would read for ever by
    /// design), names no file.
    private static func sandboxed(_ file: String) -> String {
        if file == "-" { return "/dev/null" }
        if file.contains("/") || file == ".." { return "no/such/file" }
        if let resolved = realpath(file, nil) {
            defer { free(resolved) }
            let path = String(cString: resolved)
            if path.hasPrefix("/dev/"), path != "/dev/null" { return "no/such/file" }
        }
        // The 3 GB golden file is read as a golden file only (refused from its size), not as a script.
        var status = stat()
        if stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 1 << 24 { return "no/such/file" }
        return file
    }

    /// `configuration` with nothing that reaches out, writes outside the input's directory or takes wall time.
    private static func sandboxed(_ configuration: ShellConfiguration) -> ShellConfiguration {
        var configuration = configuration
        configuration.diagramFile = configuration.diagramFile.map(sandboxed)
        configuration.htmlFile = configuration.htmlFile.map(sandboxed)
        configuration.historyFile = configuration.historyFile.map(sandboxed)
        configuration.liveView = nil
        configuration.environment[GoldenScripts.workerVariable] = nil
        configuration.clock = .virtual
        configuration.options[RegistryOption.githubFetcher.name] = FetcherKind.stub.rawValue
        configuration.step = false
        return configuration
    }

    /// The closing line a run prints: a batch run's summary or a golden test's count (`N matched,
    /// N differ`, or `N written` with `--update`).
    enum Summary { case batch, golden(update: Bool) }

    /// Turns of the main queue served after a run, for the cancellations its session's release queued.
    static let cancellationPasses = 8

    /// A sink that keeps nothing: the fuzzer checks statuses, not text.
    private static func silentSink() -> OutputSink {
        let sink = OutputSink()
        sink.interceptor = { _ in }
        sink.errorInterceptor = { _ in }
        return sink
    }

    /// Runs `body` (a batch run or a golden test) to its end on the main queue; checks its status and closing line.
    private static func runToEnd(
        _ configuration: ShellConfiguration, summary: Summary,
        _ body: @escaping @MainActor (ShellConfiguration, OutputSink) async -> Int32
    ) -> Int32 {
        var lines: [String] = []
        let sink = OutputSink()
        sink.interceptor = { lines.append($0) }
        sink.errorInterceptor = { _ in }
        var status: Int32?
        Task.immediate { @MainActor in status = await body(configuration, sink) }
        while status == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
        // The session was released at the end of the run; the cancellations that queued run
        // here, before the leak check that follows each input (see ``RunnerCheck/run(_:)``).
        for _ in 0..<cancellationPasses { RunnerCheck.pumpMainQueue() }
        sink.flush()
        let ended = status!
        guard [0, 1, 2].contains(ended) else { fuzzFailure("exit status \(ended)", line: lines.suffix(3).joined(separator: "\n")) }
        let closing = switch summary {
        case .batch: configuration.format == .json ? "\"summary\"" : " passed, "
        case .golden(let update): update ? " written" : " matched, "
        }
        if ended != 2, !(lines.last?.contains(closing) ?? false) {
            fuzzFailure("no closing line after a run that ended \(ended)", line: lines.suffix(3).joined(separator: "\n"))
        }
        return ended
    }

    /// Empties the directory, makes `files` in it and makes it the working directory.
    private static func prepareDirectory(_ files: [(name: String, kind: FileKind, text: String)]) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
            try? manager.removeItem(atPath: directory + "/" + name)
        }
        guard chdir(directory) == 0 else { fatalError("chdir: \(String(cString: strerror(errno)))") }
        for (name, kind, text) in files {
            let path = directory + "/" + name
            // Reading a device that never ends is a golden file's case only (`run /dev/zero` runs for ever by design).
            let isGolden = name.hasSuffix(".out")
            switch kind {
            case .file: _ = manager.createFile(atPath: path, contents: Data(admittedScript(text)))
            case .missing: break
            case .directory: try? manager.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .null: symlink("/dev/null", path)
            case .zero: symlink(isGolden ? "/dev/zero" : "/dev/null", path)
            case .full: symlink(isGolden ? "/dev/full" : "/dev/null", path)
            case .fifo: mkfifo(path, 0o644)
            case .loop: symlink(name, path)
            case .link:
                // Only a golden file may lead to `/dev/zero` or `/dev/full` (see ``sandboxed(_:)``).
                let target = String(text.prefix(64))
                let admitted = !target.isEmpty && !target.contains("/") && (isGolden || !target.hasSuffix(".out"))
                symlink(admitted ? target : "missing", path)
            case .huge:
                let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                // A golden file refused from its size; a script of zeros (over-long lines) read to its end.
                _ = ftruncate(descriptor, isGolden ? 3 << 30 : 4 << 20)
                close(descriptor)
            }
        }
    }

    /// The script `text` with the lines ``RunnerCheck`` leaves out blanked.
    static func admittedScript(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { RunnerCheck.admitted($0) }
    }

    /// Fails when a writer's temporary file (`.NAME.PID-N.tmp`) was left in the directory.
    private static func leftTemporaryFilesCheck() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if let left = names.first(where: { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }) {
            fuzzFailure("a temporary file was left behind", line: left)
        }
    }
}
