#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scripts a command line names: files as given, and the `*.rsh` files under each directory.
enum ScriptFileSearch {
    /// `paths` with each directory replaced by the `.rsh` files under it, searched recursively
    /// (hidden directories skipped, symbolic links to directories followed once) in sorted order
    /// of their paths; files named directly are kept whatever their name. A path that does not
    /// exist is an error.
    static func scripts(in paths: [String]) -> Result<[String], ScriptFileError> {
        var found: [String] = []
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else {
                return .failure(ScriptFileError(path: path, reason: POSIXError(code: errno).description))
            }
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                found.append(path)
                continue
            }
            var visited: Set<String> = []
            var scripts: [String] = []
            if let failure = collect(directory: path, into: &scripts, visited: &visited) { return .failure(failure) }
            found += scripts.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return .success(found)
    }

    /// Adds the `.rsh` files under `directory` to `scripts`.
    private static func collect(directory: String, into scripts: inout [String], visited: inout Set<String>) -> ScriptFileError? {
        guard visited.insert(POSIXIO.canonicalPath(directory) ?? directory).inserted else { return nil }
        let names: [String]
        switch POSIXIO.directoryEntryNames(directory) {
        case .success(let listed): names = listed
        case .failure(let error): return ScriptFileError(path: directory, reason: error.description)
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names {
            guard !name.hasPrefix(".") else { continue }
            let path = prefix + name
            var status = stat()
            guard stat(path, &status) == 0 else { continue }  // a dangling link names no script
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                if let failure = collect(directory: path, into: &scripts, visited: &visited) { return failure }
            case S_IFREG where name.hasSuffix(".rsh"):
                scripts.append(path)
            default:
                break
            }
        }
        return nil
    }
}
