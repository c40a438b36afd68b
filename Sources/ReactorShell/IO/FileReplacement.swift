import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the shell writes a file it produces (`:save`, `:diagram`, `run --diagram`, golden
/// files of `test --update`, the history file's trim): the text goes to a new temporary file
/// beside the target, which is then renamed over it. A reader of the old file keeps the old inode
/// (a script that `:save`s over itself reads on undisturbed), and a crash or a full disk leaves
/// the old file whole: no one ever sees half a file.
///
/// A symbolic link is followed (its target is replaced, the link stays). A target that is a
/// character device (`/dev/null`, `/dev/stdout` on a terminal) or a FIFO has nothing to tear and
/// cannot be replaced: it is written in place (a FIFO without a reader is an error, not a wait).
package enum FileReplacement {
    /// Writes `text` as the whole of `path`; a new file gets `mode` (less the umask), a replaced
    /// one keeps its own permissions. Returns why it could not, or nil.
    package static func write(_ text: String, to path: String, mode: mode_t = 0o644) -> FileAccessError? {
        if let problem = FileName.problem(path) { return FileAccessError(problem) }
        var target = path
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, let resolved = POSIXIO.canonicalPath(path) {
            target = resolved
        }
        var keptMode: mode_t?
        if stat(target, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: keptMode = status.st_mode & 0o7777
            case S_IFDIR: return FileAccessError("is a directory")
            case S_IFCHR, S_IFIFO: return writeInPlace(text, to: target)
            default: return FileAccessError("is not a regular file")
            }
        }
        let temporary = temporaryPath(beside: target)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return FileAccessError(POSIXError(code: errno)) }
        var failure = POSIXIO.writeAll(text, to: descriptor)
        if failure == nil, let keptMode, fchmod(descriptor, keptMode) != 0 { failure = POSIXError(code: errno) }
        if failure == nil, fsync(descriptor) != 0 { failure = POSIXError(code: errno) }
        if close(descriptor) != 0, failure == nil { failure = POSIXError(code: errno) }
        if failure == nil, rename(temporary, target) != 0 { failure = POSIXError(code: errno) }
        guard let failure else { return nil }
        unlink(temporary)
        return FileAccessError(failure)
    }

    /// Writes `text` to the device or FIFO `path` as it is (opened without waiting for a reader).
    private static func writeInPlace(_ text: String, to path: String) -> FileAccessError? {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return FileAccessError(POSIXError(code: errno)) }
        defer { POSIXIO.closeFile(descriptor) }
        return POSIXIO.writeAll(text, to: descriptor).map(FileAccessError.init)
    }

    /// A name for the temporary file in `path`'s directory, hidden, unique to this process and write.
    private static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let number = writes.add(1, ordering: .relaxed).newValue
        return "\(directory).\(name).\(getpid())-\(number).tmp"
    }

    /// Writes so far, to tell the temporary files of one process apart.
    private static let writes = Atomic<Int>(0)
}
