#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open history file held under an exclusive `flock`; see `HistoryStore` for the protocol.
struct HistoryFile: ~Copyable {
    let path: String
    let descriptor: Int32

    /// Opens (creating it) the file at `path`, locks it and runs `body`; the lock is released
    /// when `body` returns. Retries when the file was replaced between `open` and `flock`, so
    /// the caller always holds the lock on the file currently at `path`.
    static func withLockedFile<Result>(
        path: String, _ body: (borrowing HistoryFile) throws(HistoryStoreError) -> Result
    ) throws(HistoryStoreError) -> Result {
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw HistoryStoreError(operation: "open", path: path, errorNumber: errno)
            }
            defer { close(descriptor) }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    throw HistoryStoreError(operation: "lock", path: path, errorNumber: errno)
                }
            }
            var openedStatus = stat()
            var currentStatus = stat()
            guard fstat(descriptor, &openedStatus) == 0 else {
                throw HistoryStoreError(operation: "read", path: path, errorNumber: errno)
            }
            if stat(path, &currentStatus) != 0 || currentStatus.st_ino != openedStatus.st_ino
                || currentStatus.st_dev != openedStatus.st_dev
            {
                continue  // replaced by another shell's trim while we waited: lock the new file
            }
            let file = HistoryFile(path: path, descriptor: descriptor)
            return try body(file)
        }
    }

    /// Reads the lines of the file at `path`; a missing file has none. Read under a shared lock
    /// (retried when the file was replaced meanwhile), so that it is never caught between another
    /// shell's append and the trim that follows it under the same lock.
    static func readLines(path: String) throws(HistoryStoreError) -> [String] {
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return [] }
                throw HistoryStoreError(operation: "open", path: path, errorNumber: errno)
            }
            defer { close(descriptor) }
            guard POSIXIO.isRegularFile(descriptor) else { return [] }
            while flock(descriptor, LOCK_SH) != 0 {
                guard errno == EINTR else { throw HistoryStoreError(operation: "lock", path: path, errorNumber: errno) }
            }
            var openedStatus = stat(), currentStatus = stat()
            if fstat(descriptor, &openedStatus) == 0, stat(path, &currentStatus) == 0,
               currentStatus.st_ino != openedStatus.st_ino || currentStatus.st_dev != openedStatus.st_dev {
                continue  // replaced by another shell's trim while we waited: read the new file
            }
            return try lines(of: descriptor, path: path)
        }
    }

    /// The non-empty lines of the locked file.
    func readLines() throws(HistoryStoreError) -> [String] {
        try HistoryFile.lines(of: descriptor, path: path)
    }

    /// The locked file's size in bytes (nil when it cannot be read).
    func byteCount() -> Int? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : nil
    }

    /// Whether the locked file is a regular file (a device is never trimmed).
    var isRegularFile: Bool { POSIXIO.isRegularFile(descriptor) }

    /// The size in bytes of the file at `path` (nil when missing or unreadable).
    static func byteCount(path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    /// Whether the file at `path` is a regular file (a history at `/dev/null` is never read or trimmed).
    static func isRegularFile(path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The longest entry read back, in bytes; longer lines are skipped.
    static let maximumEntryLength = LineReader.defaultMaximumLineLength

    /// The non-empty lines of the file open as `descriptor`, up to ``maximumEntryLength`` bytes
    /// each. A file that is not a regular file (`/dev/null`, `/dev/zero`, a pipe) is not read: it
    /// has no lines (and reading `/dev/zero` would never end).
    private static func lines(of descriptor: Int32, path: String) throws(HistoryStoreError) -> [String] {
        guard POSIXIO.isRegularFile(descriptor) else { return [] }
        return try splitLines(readAll(descriptor: descriptor, path: path))
    }

    /// Appends `text` with one `write` (the file is open with `O_APPEND`).
    func append(_ text: String) throws(HistoryStoreError) {
        if let error = POSIXIO.writeAll(text, to: descriptor) {
            throw HistoryStoreError(operation: "write", path: path, errorNumber: error.code)
        }
    }

    /// Writes `text` to a temporary file next to the locked one and renames it over the file.
    func replaceContents(with text: String) throws(HistoryStoreError) {
        if let failure = FileReplacement.write(text, to: path, mode: 0o600) {
            throw HistoryStoreError(operation: "replace", path: path, errorNumber: failure.code ?? EINVAL)
        }
    }

    private static func readAll(descriptor: Int32, path: String) throws(HistoryStoreError) -> [UInt8] {
        switch POSIXIO.readAll(descriptor) {
        case .success(let contents): return contents
        case .failure(let error): throw HistoryStoreError(operation: "read", path: path, errorNumber: error.code)
        }
    }

    /// Splits file contents into non-empty lines (a torn last line without newline counts); lines
    /// over ``maximumEntryLength`` bytes are dropped.
    private static func splitLines(_ bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .filter { $0.count <= maximumEntryLength }
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
