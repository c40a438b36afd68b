// ReactorShell's door to C (the other door, ShellMemory.swift, is memory the shell manages
// itself): every call that hands libc a pointer or reads one it returns. read and write with
// their retry loops, the signal actions, C-string arrays (`posix_spawn`'s argv and envp, readline's
// match lists), the bytes of a C string, the terminal's control characters, the password
// database, the environment and directory entries. The rest of the module calls these with Swift
// values. Left outside on purpose: readline's C callbacks in LineEditing/ReadlineBridge.swift take
// and return C pointers by their C types, which this file turns into Swift values and back.
//
// Why: libc's interface is pointers; kept here, the retry loops and the signal-safe paths exist
// once and the rest of the module holds none.
//
// Pinned by WriteLoopTests, OutputFailureTests (a closed pipe, /dev/full, SIGINT/SIGTERM/SIGHUP in
// a batch run), CrashReportTests (the saved signal actions, the report of a trapping reactor),
// ExploreEndToEndTests (attempts spawned as child processes), InteractiveTests (Tab completion
// and typed lines through readline in a tmux pseudo-terminal), PauseKeysTests (the terminal's raw
// mode), LineReaderTests and POSIXIOTests.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shell's one place for reading and writing file descriptors: every read and write retries
/// when a signal interrupts it (`EINTR`), so callers see only data, the end, or a real error.
///
/// The rest of the module reads and writes through these (and ``LineReader``) rather than
/// calling `read`/`write` itself, so the retry loops exist once; only the terminal and signal code needs libc directly.
package enum POSIXIO {
    /// What one read gave.
    package enum ReadResult: Equatable {
        /// `count` bytes (more than zero).
        case bytes(Int)
        /// The end of the input.
        case end
        /// A read error: `errno`.
        case failed(Int32)
    }

    /// Reads at most `buffer.count` bytes from `descriptor` (at `offset` with `pread` when given).
    package static func readChunk(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil) -> ReadResult {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return .bytes(0) }
        while true {
            let count = offset.map { pread(descriptor, base, buffer.count, off_t($0)) } ?? read(descriptor, base, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            return .failed(errno)
        }
    }

    /// Reads at most `buffer.count` bytes from `descriptor` into the start of `buffer` (at
    /// `offset` with `pread` when given).
    package static func readChunk(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int? = nil) -> ReadResult {
        buffer.withUnsafeMutableBytes { readChunk(descriptor, into: $0, at: offset) }
    }

    /// Reads the whole of `descriptor` from offset 0 (with `pread`, so its position is left alone).
    static func readAll(_ descriptor: Int32) -> Result<[UInt8], POSIXError> {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = readChunk(descriptor, into: &chunk, at: contents.count)
            switch result {
            case .bytes(let count): contents.append(contentsOf: chunk[0..<count])
            case .end: return .success(contents)
            case .failed(let error): return .failure(POSIXError(code: error))
            }
        }
    }

    /// The shell's one write loop: writes all of `bytes` to `descriptor`; returns `errno` when a
    /// write fails (`EINTR`, and `EAGAIN` on a non-blocking descriptor, are retried). `progress`
    /// is told the bytes each write took, as they are written.
    ///
    /// Async-signal-safe (nothing but write(2): no allocation, no lock), so a fatal signal's
    /// handler writes through it too (``SignalSafeOutput``).
    @discardableResult
    package static func writeAll(
        _ bytes: UnsafeRawBufferPointer, to descriptor: Int32, progress: (Int) -> Void = { _ in }
    ) -> POSIXError? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return POSIXError(code: errno)
            }
            if written == 0 { return POSIXError(code: EIO) }
            offset += written
            progress(written)
        }
        return nil
    }

    /// Writes all of `bytes` to `descriptor`, like ``writeAll(_:to:progress:)``.
    @discardableResult
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> POSIXError? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`, like ``writeAll(_:to:progress:)``: how the output
    /// sink writes the spans the printers lend it.
    @discardableResult
    static func writeAll(_ bytes: Span<UInt8>, to descriptor: Int32) -> POSIXError? {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// Writes all of `text` to `descriptor`, like ``writeAll(_:to:progress:)`` (async-signal-safe too).
    @discardableResult
    static func writeAll(_ text: StaticString, to descriptor: Int32) -> POSIXError? {
        writeAll(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: descriptor)
    }

    /// Writes all of `text` to `descriptor`, like ``writeAll(_:to:progress:)``.
    @discardableResult
    package static func writeAll(_ text: String, to descriptor: Int32) -> POSIXError? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// The process environment as a dictionary; each entry is split at its first `=` byte
    /// (a later entry with the same name wins). Read as bytes: splitting `String`s by
    /// `Character` is a visible share of start-up (docs/performance.md).
    static func processEnvironment() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = environ[index] else { break }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self), count: strlen(entry))
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
            result[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
        }
        return result
    }

    /// The names in directory `path` (`.` and `..` included), in the order `readdir` gives them.
    static func directoryEntryNames(_ path: String) -> Result<[String], POSIXError> {
        guard let handle = opendir(path) else { return .failure(POSIXError(code: errno)) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return .success(names)
    }

    /// Opens `path` for reading.
    static func openForReading(_ path: String) -> Result<Int32, POSIXError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? .success(descriptor) : .failure(POSIXError(code: errno))
    }

    /// Creates `path` for writing (emptied when it exists), with permissions `mode`.
    static func createForWriting(_ path: String, mode: mode_t) -> Result<Int32, POSIXError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        return descriptor >= 0 ? .success(descriptor) : .failure(POSIXError(code: errno))
    }

    /// Closes `descriptor`.
    static func closeFile(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Whether `descriptor` is a regular file (which `epoll` cannot watch, and which never blocks).
    static func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `descriptor` is a directory.
    static func isDirectory(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The user's home directory in the password database, if it names one.
    static func homeDirectoryOfUser() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// `path` with symbolic links and `..` resolved, or nil when it does not exist.
    package static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

// MARK: C strings

extension POSIXIO {
    /// A copy of the `count` bytes of C text at `start` (readline's line buffer, a typed line).
    static func bytes(ofCString start: UnsafePointer<CChar>, count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// A copy of the bytes of the NUL-terminated C string at `start`, without the NUL.
    static func bytes(ofCString start: UnsafePointer<CChar>) -> [UInt8] {
        bytes(ofCString: start, count: strlen(start))
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings (an argv or envp),
    /// freed when `body` returns.
    static func withCStringArray<Result>(
        _ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        var array = strings.map { strdup($0) } + [nil]
        defer { for string in array { free(string) } }
        return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// `strings` as a `malloc`ed NULL-terminated array of `strdup`ed C strings, which the caller
    /// hands to C code that frees it (readline's completion matches).
    static func mallocedCStringArray(_ strings: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        let array = malloc((strings.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)!
            .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { array[index] = strdup(string) }
        array[strings.count] = nil
        return array
    }
}

// MARK: Signals and the terminal

extension POSIXIO {
    /// The actions ``setSignalHandler(_:for:flags:blockingAll:savingPrevious:)`` replaced, by
    /// signal number: memory that never moves, written before a handler can run and read by it.
    private nonisolated(unsafe) static let savedActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        actions.initialize(repeating: sigaction(), count: 32)
        return actions
    }()

    /// Makes `handler` the action of signal `number`, with `flags` (`SA_…`) and, when
    /// `blockingAll`, every other signal blocked while it runs; when `savingPrevious`, the action
    /// it replaces is kept for ``restoreSavedAction(of:)``.
    static func setSignalHandler(
        _ handler: @convention(c) (Int32) -> Void, for number: Int32, flags: Int32, blockingAll: Bool,
        savingPrevious: Bool
    ) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = flags
        if blockingAll { sigfillset(&action.sa_mask) } else { sigemptyset(&action.sa_mask) }
        sigaction(number, &action, savingPrevious ? savedActions + Int(number) : nil)
    }

    /// Puts back the action ``setSignalHandler(_:for:flags:blockingAll:savingPrevious:)`` saved
    /// for signal `number`, and unblocks the signal (async-signal-safe: for a handler that hands
    /// its signal on).
    static func restoreSavedAction(of number: Int32) {
        sigaction(number, savedActions + Int(number), nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Sets the control character at `index` (`VMIN`, `VTIME`) of a terminal mode.
    static func setControlCharacter(_ index: Int32, to value: cc_t, in mode: inout termios) {
        withUnsafeMutableBytes(of: &mode.c_cc) { controls in controls[Int(index)] = value }
    }
}

/// An `errno` value with its message (`strerror`).
package struct POSIXError: Error, Equatable, CustomStringConvertible {
    let code: Int32
    package var description: String { String(cString: strerror(code)) }
}
