#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive shell's line history on disk: one entry per line of a plain text file.
///
/// - Each recorded line is appended to the file at once with a single `O_APPEND` write, so a
///   crash loses nothing and several shells can write the same file at the same time.
/// - Empty lines and consecutive duplicates are not recorded.
/// - The file and the in-memory list are bounded: the file is trimmed back to `limit` entries
///   once it grows past `limit` plus a small slack. Appends and the trimming rewrite both hold
///   an exclusive `flock` on the file, and the rewrite replaces the file atomically (rename),
///   so trimming never drops a line another shell has just appended.
///
/// GNU readline and libedit builds share the format (neither library's own history file
/// functions are used), so both read and write the same file.
public final class HistoryStore {
    /// The number of entries kept when no limit is given.
    public static let defaultLimit = 1_000

    /// The history file's name inside the state directory.
    public static let defaultFileName = "history"

    /// The file the history lives in.
    public let path: String

    /// The most entries kept in memory and (after trimming) in the file.
    public let limit: Int

    /// The entries, oldest first, at most `limit` of them.
    public private(set) var entries: [String] = []

    /// Lines the file is known to hold (from the last read or trim plus own appends).
    private var fileEntryCount = 0

    /// How far past `limit` the file may grow before it is rewritten.
    private var trimSlack: Int { max(limit / 10, 1) }

    /// Creates a store for the file at `path`; nothing is read or written until `load()`.
    public init(path: String, limit: Int = HistoryStore.defaultLimit) {
        self.path = path
        self.limit = max(limit, 1)
    }

    /// Creates the file's directory when missing, reads the file (a missing file is an empty
    /// history) and trims it when it holds more than `limit` entries.
    /// - Returns: the loaded entries, oldest first.
    @discardableResult
    public func load() throws(HistoryStoreError) -> [String] {
        try LineEditingPaths.createDirectories(LineEditingPaths.parentDirectory(of: path))
        let fileLines = try HistoryFile.readLines(path: path)
        fileEntryCount = fileLines.count
        entries = Array(fileLines.suffix(limit))
        if fileEntryCount > limit {
            try trimFile()
        }
        return entries
    }

    /// Records `line` (line breaks inside it become spaces) unless it is blank or repeats the
    /// previous entry; appends it to the file at once.
    /// - Returns: whether the line was recorded.
    @discardableResult
    public func append(_ line: String) throws(HistoryStoreError) -> Bool {
        let entry = HistoryStore.normalizedEntry(line)
        if entry.allSatisfy({ $0 == " " || $0 == "\t" }) || entry == entries.last {
            return false
        }
        entries.append(entry)
        if entries.count > limit {
            entries.removeFirst(entries.count - limit)
        }
        try HistoryFile.withLockedFile(path: path) { (file) throws(HistoryStoreError) in
            try file.append(entry + "\n")
        }
        fileEntryCount += 1
        if fileEntryCount > limit + trimSlack {
            try trimFile()
        }
        return true
    }

    /// Rewrites the file with its last `limit` lines, holding the lock so no append is lost.
    private func trimFile() throws(HistoryStoreError) {
        let limit = self.limit
        let kept = try HistoryFile.withLockedFile(path: path) { (file) throws(HistoryStoreError) -> Int in
            let lines = try file.readLines()
            guard lines.count > limit else { return lines.count }
            let keptLines = lines.suffix(limit)
            try file.replaceContents(with: keptLines.map { $0 + "\n" }.joined())
            return keptLines.count
        }
        fileEntryCount = kept
    }

    /// `line` with carriage returns and newlines replaced by spaces (one entry, one file line).
    static func normalizedEntry(_ line: String) -> String {
        guard line.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return line }
        return String(line.map { ($0 == "\n" || $0 == "\r" || $0 == "\r\n") ? " " : $0 })
    }
}

/// Why the history file could not be read or written.
public struct HistoryStoreError: Error, Equatable, CustomStringConvertible {
    /// What was being done: "create directory", "open", "read", "write", "replace".
    public let operation: String
    /// The file or directory concerned.
    public let path: String
    /// The C `errno` value reported by the failing call.
    public let errorNumber: Int32

    /// Creates an error for a failed `operation` on `path` with `errno` value `errorNumber`.
    public init(operation: String, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }

    /// A one-line message such as `cannot open /x/history: Permission denied`.
    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(errorNumber)))"
    }
}
