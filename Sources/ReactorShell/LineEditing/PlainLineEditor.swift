import Dispatch

/// The line editor for pipes, files and tests: reads lines from a file descriptor and writes
/// no prompt, banner, colour or escape byte of its own.
///
/// Two ways to use it:
/// - pull: `readEvent()` blocks until the next line (for a batch runner that awaits each
///   command before reading the next);
/// - push: as a `LineEditor`, `start` delivers events from the main queue, and `pause()`
///   holds further lines back while a command runs.
///
/// Lines are cut by `LineReader`, as scripts are: CRLF, a missing last newline and long lines
/// are handled; a line that is not UTF-8 (or holds a NUL byte) arrives as
/// `.invalidUTF8(lineNumber:)`. A read error ends the input like end-of-file.
@MainActor
public final class PlainLineEditor: LineEditor {
    /// Not used: plain input has no completion. Kept to satisfy `LineEditor`.
    public var completionProvider: LineCompletionProvider?

    private let descriptor: Int32
    private var reader: LineReader
    private var reachedEnd: Bool { reader.reachedEnd }
    private var endDelivered = false
    private var handler: LineEditorEventHandler?
    private var source: DispatchSourceRead?
    private var sourceSuspended = false
    /// Whether a read source with a closing cancel handler was made (it closes the descriptor).
    private var closedBySource = false
    private var paused = false
    private var stopped = false

    private let closesDescriptor: Bool

    /// An editor reading `fileDescriptor` (standard input by default). A line over
    /// `maximumLineLength` bytes (`--max-line-length`; 1 MiB by default) arrives as `.tooLong`. With
    /// `closingDescriptorOnStop`, `stop()` closes it, after the dispatch source watching it
    /// is gone (closing it earlier could confuse a later source on the same number).
    public init(
        fileDescriptor: Int32 = 0, maximumLineLength: Int = ShellConfiguration().maximumLineLength,
        closingDescriptorOnStop: Bool = false
    ) {
        descriptor = fileDescriptor
        reader = LineReader(descriptor: fileDescriptor, maximumLineLength: maximumLineLength)
        closesDescriptor = closingDescriptorOnStop
    }

    /// Blocks until the next line, an invalid line, or the end of input (returned again on
    /// every later call).
    public func readEvent() -> LineEditorEvent {
        while true {
            if let event = nextEvent() { return event }
            if reachedEnd { return .endOfInput }
            reader.readChunk()
        }
    }

    /// Starts delivering lines to `handler` from the main queue. `prompt` is ignored.
    public func start(prompt: String, handler: @escaping LineEditorEventHandler) {
        precondition(self.handler == nil && !stopped, "a PlainLineEditor starts once")
        self.handler = handler
        if POSIXIO.isRegularFile(descriptor) {
            // epoll cannot watch regular files; they never block, so read them in turns.
            scheduleRegularFileRead()
        } else {
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.readFromSource() }
            }
            if closesDescriptor {
                let descriptor = self.descriptor
                source.setCancelHandler { POSIXIO.closeFile(descriptor) }
                closedBySource = true
            }
            self.source = source
            source.resume()
        }
    }

    /// Ignored: plain input shows no prompt.
    public func setPrompt(_ prompt: String) {}

    /// Writes `text` (plus a newline when missing) to `stream`.
    public func printAbove(_ text: String, on stream: LineEditorOutputStream) {
        POSIXIO.writeAll(text.hasSuffix("\n") ? text : text + "\n", to: stream.fileDescriptor)
    }

    /// Ignored: plain input keeps no history.
    public func addHistory(_ line: String) {}

    /// Holds further lines back until `resume()`.
    public func pause() {
        guard !stopped else { return }
        paused = true
        if let source, !sourceSuspended {
            source.suspend()
            sourceSuspended = true
        }
    }

    /// Delivers the lines held back, then reads on.
    public func resume() {
        guard paused, !stopped else { return }
        paused = false
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.resumeDelivery() }
        }
    }

    /// Stops reading. Safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if closesDescriptor && source == nil && !closedBySource {
            POSIXIO.closeFile(descriptor)
        }
        cancelSource()
        handler = nil
    }

    // MARK: - Push mode

    private func readFromSource() {
        // The source's handler can run after a resume has already read what woke it: a read
        // with nothing there would block the main actor until more input comes.
        guard !stopped, !paused, LineEditingPolling.isReadable(descriptor) else { return }
        // Read all that is there now: the source may not fire again for bytes (or an end of
        // file) that were already waiting when it fired.
        // At most 16 chunks per turn, so an endless pipe cannot starve the main queue.
        var chunks = 0
        repeat {
            reader.readChunk()
            chunks += 1
        } while !reachedEnd && chunks < 16 && LineEditingPolling.isReadable(descriptor)
        deliverAvailableLines()
        if reachedEnd {
            cancelSource()
        } else if chunks == 16 && !paused && !stopped {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, LineEditingPolling.isReadable(self.descriptor) else { return }
                    self.readFromSource()
                }
            }
        }
    }

    /// Cancels the read source (resuming it first: a suspended source must not be released).
    private func cancelSource() {
        guard let source else { return }
        if sourceSuspended {
            sourceSuspended = false
            source.resume()
        }
        source.cancel()
        self.source = nil
    }

    private func scheduleRegularFileRead() {
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.stopped, !self.paused else { return }
                self.reader.readChunk()
                self.deliverAvailableLines()
                if !self.reachedEnd && !self.paused { self.scheduleRegularFileRead() }
            }
        }
    }

    private func resumeDelivery() {
        guard !stopped, !paused else { return }
        deliverAvailableLines()
        guard !stopped, !paused else { return }
        if let source, sourceSuspended {
            sourceSuspended = false
            source.resume()
            readFromSource()
        } else if source == nil && !reachedEnd {
            scheduleRegularFileRead()
        }
    }

    /// Delivers complete lines (and the end, once) until paused or stopped.
    private func deliverAvailableLines() {
        while !stopped, !paused, let handler {
            if let event = nextEvent() {
                handler(event)
            } else {
                if reachedEnd && !endDelivered {
                    endDelivered = true
                    handler(.endOfInput)
                }
                return
            }
        }
    }

    /// The next line read as an event; nil when none is complete yet, and at the end (a read
    /// error ends the input like end-of-file).
    private func nextEvent() -> LineEditorEvent? {
        switch reader.nextBufferedLine() {
        case .text(let text, _): .line(text)
        case .invalidUTF8(let number), .binary(let number): .invalidUTF8(lineNumber: number)
        case .tooLong(let number): .tooLong(lineNumber: number)
        case .readError, nil: nil
        }
    }
}
