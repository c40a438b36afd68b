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
/// - A file found longer than `limit` plus the slack (kept with a larger limit before) is not
///   cut: the last `limit` entries are loaded, the file is left whole, and ``notice`` says so.
/// - A history "file" that is not a regular file (`/dev/null`) is only appended to.
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

    /// The file's size in bytes after this store last read, appended to or trimmed it (nil when
    /// unknown): a different size at the next append means another shell wrote to it since,
    /// and ``fileEntryCount`` is counted again.
    private var fileByteCount: Int?

    /// Set by ``load()`` when the file holds more than `limit` entries and is therefore kept whole
    /// (never trimmed in this session): one line for the user.
    public private(set) var notice: String?

    /// Whether appending may trim the file (not for a longer file found at load, nor for a
    /// file that is not a regular file).
    private var trimsFile = true

    /// How far past `limit` the file may grow before it is rewritten.
    private var trimSlack: Int { max(limit / 10, 1) }

    /// Creates a store for the file at `path`; nothing is read or written until `load()`.
    public init(path: String, limit: Int = HistoryStore.defaultLimit) {
        self.path = path
        // Bounded so that `limit + trimSlack` cannot overflow, whatever a caller passes.
        self.limit = min(max(limit, 1), Int.max / 2)
    }

    /// Creates the file's directory when missing, reads the file (a missing file is an empty
    /// history) and trims it when it holds more than `limit` entries.
    /// - Returns: the loaded entries, oldest first.
    @discardableResult
    public func load() throws(HistoryStoreError) -> [String] {
        try LineEditingPaths.createDirectories(LineEditingPaths.parentDirectory(of: path))
        let fileLines = try HistoryFile.readLines(path: path)
        fileEntryCount = fileLines.count
        fileByteCount = HistoryFile.byteCount(path: path)
        entries = Array(fileLines.suffix(limit))
        // A file this shell (or another with the same limit) keeps never holds more than
        // limit + slack entries when a shell starts; more means a file kept with a larger limit.
        let keptLonger = fileEntryCount > limit + trimSlack
        trimsFile = !keptLonger && (HistoryFile.isRegularFile(path: path) || fileEntryCount == 0)
        if keptLonger {
            notice = "\(path) holds \(fileEntryCount) entries, more than the limit of \(limit); "
                + "the last \(limit) are loaded and the file is kept whole"
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
        let knownBytes = fileByteCount, knownCount = fileEntryCount, trims = trimsFile
        let limit = self.limit, slack = trimSlack
        (fileEntryCount, fileByteCount) = try HistoryFile.withLockedFile(path: path) {
            (file) throws(HistoryStoreError) -> (Int, Int?) in
            // Another shell sharing the file appended or trimmed since this one last did: its
            // lines count too, or the file would grow past the limit unnoticed.
            var count = knownCount
            if trims, let before = file.byteCount(), before != knownBytes {
                count = try file.readLines().count
            }
            try file.append(entry + "\n")
            count += 1
            // Trimmed under the same lock as the append: no other shell ever finds the file past
            // limit + slack (it would take it for a file kept with a larger limit, and never trim).
            guard trims && count > limit + slack && file.isRegularFile else { return (count, file.byteCount()) }
            let keptLines = try file.readLines().suffix(limit)
            let text = keptLines.map { $0 + "\n" }.joined()
            try file.replaceContents(with: text)
            return (keptLines.count, text.utf8.count)
        }
        return true
    }

    /// The history size the variable `variable` (`REACTOR_SHELL_HISTSIZE`) asks for with `value`:
    /// nil when unset or empty (the default, ``defaultLimit``), 0 to keep no history, or a number
    /// of entries up to 1,000,000; the usage error for anything else.
    public static func size(
        fromEnvironment value: String?, variable: String = "REACTOR_SHELL_HISTSIZE"
    ) -> Result<Int?, HistorySizeError> {
        guard let value, !value.isEmpty else { return .success(nil) }
        return NumericSetting.historySize(variable).parse(value)
            .map { $0 }
            .mapError { HistorySizeError(message: $0.message) }
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

/// A history size variable (`REACTOR_SHELL_HISTSIZE`) that is not a number of entries within the
/// bounds: a usage error.
public struct HistorySizeError: Error, Equatable, CustomStringConvertible {
    /// `REACTOR_SHELL_HISTSIZE must be 0 to 1000000 (entries), found 'lots'`.
    public let message: String

    public var description: String { message }
}
