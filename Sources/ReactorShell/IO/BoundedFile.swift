#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file the shell compares with (a golden file of `test`): only a regular file, and only
/// up to a size, so that a link to `/dev/zero` or `/dev/full`, a FIFO or a huge sparse file gets a
/// clear error at once rather than an endless read, a wait for a writer or a huge allocation.
package enum BoundedFile {
    /// What reading gave.
    package enum Contents: Equatable {
        /// The file's bytes.
        case bytes([UInt8])
        /// There is no file at the path.
        case missing
    }

    /// The contents of the regular file at `path`, at most `limit` bytes.
    package static func read(_ path: String, limit: Int) -> Result<Contents, FileAccessError> {
        if let problem = FileName.problem(path) { return .failure(FileAccessError(problem)) }
        // O_NONBLOCK: opening a FIFO does not wait for a writer (it is refused below).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .success(.missing) : .failure(FileAccessError(POSIXError(code: errno)))
        }
        defer { POSIXIO.closeFile(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(FileAccessError(POSIXError(code: errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(FileAccessError("is a directory"))
        default: return .failure(FileAccessError("is not a regular file"))
        }
        guard Int(status.st_size) <= limit else {
            return .failure(FileAccessError("is larger than \(ByteSize.format(limit)) (the most that is read)"))
        }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = POSIXIO.readChunk(descriptor, into: &chunk, at: contents.count)
            switch result {
            case .bytes(let count):
                guard contents.count + count <= limit else {
                    return .failure(FileAccessError("is larger than \(ByteSize.format(limit)) (the most that is read)"))
                }
                contents.append(contentsOf: chunk[0..<count])
            case .end: return .success(.bytes(contents))
            case .failed(let error): return .failure(FileAccessError(POSIXError(code: error)))
            }
        }
    }
}
