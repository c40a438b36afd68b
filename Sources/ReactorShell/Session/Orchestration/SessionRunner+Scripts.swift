/// How a script run ended.
public enum ScriptOutcome: Sendable, Equatable {
    /// Every line ran (some may have failed).
    case completed
    /// `--bail` stopped it at a failure.
    case bailed
    /// `:quit` / `:exit [CODE]`.
    case quit(code: Int32?)
    /// A person stopped a stepping run (`q` at a pause, or the terminal closed).
    case stopped
    /// Reading a file named on the command line (or standard input) failed: like a file that
    /// cannot be opened, a usage error (exit 2). A `:load`ed file that fails is a failed command.
    case unreadable
}

extension SessionRunner {
    /// Runs the script read from `descriptor`, named `source` in messages, line by line; waits for
    /// quiescence after each action (except ` &` lines) and at the end.
    public func runScript(descriptor: Int32, source: String, echo: Bool, bail: Bool) async -> ScriptOutcome {
        // A top-level script is part of the chain that :load cycles are checked against.
        let isCommandLineInput = loadStack.isEmpty
        let isTopLevel = isCommandLineInput && !source.hasPrefix("<")
        if isTopLevel { loadStack.append(canonicalPath(source) ?? source) }
        defer { if isTopLevel { loadStack.removeAll() } }
        var reader = LineReader(descriptor: descriptor, maximumLineLength: configuration.maximumLineLength)
        // A loaded file echoes its lines when its includer did, or when its :load asked to.
        let includerDisplay = scriptLines
        scriptLines.echo = scriptLines.echo || echo
        defer { scriptLines = includerDisplay }
        let echo = scriptLines.echo
        // A crash names the line being run (SignalSafeOutput); a :load restores its includer's.
        let (includer, includerLine) = (SignalSafeOutput.source, SignalSafeOutput.line)
        SignalSafeOutput.source = source
        defer { (SignalSafeOutput.source, SignalSafeOutput.line) = (includer, includerLine) }
        // One origin for the file, its line number updated: no copy of `source` made per line.
        var origin = LineOrigin(source: source, line: 0)
        // The arguments of each action line, in one array for the whole file.
        var arguments: [ParsedArgument] = []
        if let liveView, reader.needsRead, let ending = await serveUntilInput(descriptor, view: liveView) { return ending }
        // The live view (`run --serve`), held here between lines: looked up again after each line
        // (one may start or stop it), it is retained only when it changed. The view is the target
        // of weak references, so that a retain and a release of it each line took the slow path
        // (about 130 instructions a line).
        var view = liveView
        while let line = reader.nextLine() {
            if !isCommandLineInput {
                // A :load stops at Ctrl-C (the interactive shell cancels the line's task). Now and
                // then it lets the main queue run, where the interrupt is noticed, even when its
                // lines never wait.
                if line.number % Self.loadLinesBetweenYields == 0 { await Task.yield() }
                if Task.isCancelled {
                    output.origin = LineOrigin(source: source, line: line.number)
                    _ = output.fail("interrupted: this line and the rest of '\(source)' were not run")
                    return .completed
                }
            }
            let outcome: CommandOutcome
            switch line {
            case .text(let bytes, let number):
                SignalSafeOutput.line = number
                origin.line = number
                // The line's `String` only for what shows it; the rest works from its bytes, which
                // the reader keeps until its next line is asked for.
                if stepping == nil && !echo {
                    // Most lines finish synchronously; only waiting ones pay for an `await`.
                    switch start(bytes: bytes, text: nil, origin: origin, waitAfterAction: true, arguments: &arguments) {
                    case .done(let done): outcome = done
                    case let progress: outcome = await finish(progress)
                    }
                } else if stepping != nil {
                    let text = String(decoding: bytes, as: UTF8.self)
                    if let ending = await runStepped(text, origin: origin, echo: echo, bail: bail, isCommandLineInput: isCommandLineInput) {
                        return ending
                    }
                    continue
                } else {
                    let text = String(decoding: bytes, as: UTF8.self)
                    recorder.record.echo()
                    output.printer.echo(prompt: prompt, line: text, origin: origin)
                    outcome = await finish(start(bytes: bytes, text: text, origin: origin, waitAfterAction: true, arguments: &arguments))
                }
            case .invalidUTF8(let number), .tooLong(let number):
                output.origin = LineOrigin(source: source, line: number)
                outcome = output.fail(line.problem(source: source, maximumLineLength: configuration.maximumLineLength) ?? "")
            case .binary(let number):
                output.origin = LineOrigin(source: source, line: number)
                _ = output.fail(line.problem(source: source, maximumLineLength: configuration.maximumLineLength) ?? "")
                return bail ? .bailed : .completed
            case .readError(let number):
                let message = reader.failureMessage
                if isCommandLineInput {
                    // Reported like a file that cannot be opened (a usage error), not as a line.
                    output.sink.writeError("\(configuration.identity.name): cannot read '\(source)': \(message)")
                    return .unreadable
                }
                output.origin = LineOrigin(source: source, line: number)
                _ = output.fail("cannot read '\(source)': \(message)")
                return bail ? .bailed : .completed
            }
            // Most lines succeed outside a stepping run and fire no break: nothing more to do.
            if outcome != .succeeded || stepping != nil || breakFired,
               let ending = afterLine(outcome, bail: bail, isCommandLineInput: isCommandLineInput) {
                return ending
            }
            // `run --serve`: now and then the server is served here, between two lines.
            if liveView != nil {
                if view !== liveView { view = liveView }
                if view?.isDueBetweenLines(needsInput: reader.needsRead) == true, let view,
                   let ending = await servePageBetweenLines(view, waitingFor: reader.needsRead ? descriptor : nil) {
                    return ending
                }
            }
        }
        showNarration(endingParagraph: false)  // a script that ends in comments
        if !scene.scheduler.isQuiescent {
            if await waitForQuiescence(limit: actionWaitLimit) == .failed, bail { return .bailed }
        }
        return .completed
    }

    /// What follows a line's `outcome`: nil to go on to the next line, else how the script ends.
    private func afterLine(_ outcome: CommandOutcome, bail: Bool, isCommandLineInput: Bool) -> ScriptOutcome? {
        // A line that Ctrl-C cut short has said so, and that the rest of the file is not run.
        if !isCommandLineInput, outcome == .failed, Task.isCancelled { return .completed }
        switch outcome {
        case .succeeded: break
        case .failed: if bail { return .bailed }
        case .quit(let code): return .quit(code: code)
        }
        if stepping?.stopRequested == true { return .stopped }
        if breakFired { stopForBreakIfFired() }
        return nil
    }

    /// Line `origin` of a stepping run, `text`: shown, and run when the key says so; `b` at its
    /// pause goes back to the line before (travelled back), shown and decided again, then this
    /// one. Nil to go on to the next line, else how the script ends.
    private func runStepped(
        _ text: String, origin: LineOrigin, echo: Bool, bail: Bool, isCommandLineInput: Bool
    ) async -> ScriptOutcome? {
        var queue = [(text: text, origin: origin)]
        while !queue.isEmpty {
            let (text, origin) = queue.removeFirst()
            SignalSafeOutput.line = origin.line
            switch await stepBeforeLine(text, origin: origin) {
            case .run: break
            case .skip: continue
            case .back(let previous):
                queue.insert((previous.text, previous.origin), at: 0)
                queue.insert((text, origin), at: 1)
                continue
            case .stop: return .stopped
            case .quit(let code): return .quit(code: code)
            case .interrupted:
                output.origin = origin
                _ = output.fail("interrupted: this line and the rest of '\(origin.source)' were not run")
                return .completed
            }
            // A stepping run shows its lines on the terminal already.
            if echo && keyboard?.drawsOnStandardOutput != true {
                recorder.record.echo()
                output.printer.echo(prompt: prompt, line: text, origin: origin)
            }
            var arguments: [ParsedArgument] = []
            let progress = withBytes(of: text) {
                start(bytes: $0, text: text, origin: origin, waitAfterAction: true, arguments: &arguments)
            }
            let outcome = await finish(progress)
            if let ending = afterLine(outcome, bail: bail, isCommandLineInput: isCommandLineInput) { return ending }
        }
        return nil
    }

    /// The error of a line that Ctrl-C cut short; in a `:load` it also says that the rest of the
    /// file is not run (one error for one interrupt).
    func interruptedMessage(_ detail: String? = nil) -> String {
        let message = detail.map { "interrupted \($0)" } ?? "interrupted"
        return loadDepth == 0 ? message : "\(message); the rest of '\(output.origin.source)' was not run"
    }

    /// How many lines a `:load` runs between two chances for Ctrl-C to be noticed.
    static let loadLinesBetweenYields = 256

    /// `:load [--step] [--echo] FILE`: runs a script here. Relative paths are resolved against the directory
    /// of the script that loads them (the working directory interactively). Cycles are an error.
    func load(_ file: LocatedText, options: MetaCommand.LoadOptions) async -> CommandOutcome {
        if options.step && keyboard == nil {
            return output.fail(":load --step needs a person at a terminal: run it in the interactive shell or under `run --step`", column: file.column)
        }
        let path = resolvedPath(file.text)
        let key = canonicalPath(path) ?? path
        if loadStack.contains(key) {
            return output.fail(":load cycle: '\(file.text)' is already being loaded (\(loadStack.joined(separator: " → ")))",
                        column: file.column)
        }
        let descriptor: Int32
        switch ScriptFile.openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): return output.fail("\(error)", column: file.column)
        }
        defer { POSIXIO.closeFile(descriptor) }
        let origin = output.origin
        loadStack.append(key)
        if options.step { beginStepping(atDepth: loadStack.count) }
        loadDepth += 1
        defer { loadDepth -= 1 }
        let outcome = await runScript(descriptor: descriptor, source: path, echo: options.echo, bail: false)
        // The stepping run this load began ends with it (a `q` stops no more than this file).
        if stepping?.rootDepth == loadStack.count { stepping = nil }
        loadStack.removeLast()
        output.origin = origin
        if case .quit(let code) = outcome { return .quit(code: code) }
        return .succeeded
    }

    func resolvedPath(_ path: String) -> String {
        guard !path.hasPrefix("/"), let including = loadStack.last ?? scriptDirectoryBase else { return path }
        guard let slash = including.lastIndex(of: "/") else { return path }
        return String(including[...slash]) + path
    }

    /// The script currently being run at top level, for resolving `:load` paths.
    private var scriptDirectoryBase: String? {
        let source = output.origin.source
        return source.hasPrefix("<") ? nil : source
    }

    func canonicalPath(_ path: String) -> String? {
        POSIXIO.canonicalPath(path)
    }
}
