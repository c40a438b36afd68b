#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small path helpers for the line editor's files, without Foundation.
enum LineEditingPaths {
    /// The directory part of `path` (`"."` for a bare name, `"/"` for a file at the root).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Creates `directory` and its missing parents (mode 0700), like `mkdir -p`.
    static func createDirectories(_ directory: String) throws(HistoryStoreError) {
        if directory.isEmpty || directory == "." || directory == "/" { return }
        var status = stat()
        if stat(directory, &status) == 0 { return }
        try createDirectories(parentDirectory(of: directory))
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw HistoryStoreError(operation: "create directory", path: directory, errorNumber: errno)
        }
    }

    /// The user's home directory: `$HOME`, else the password database's entry.
    static func homeDirectory(environment: (String) -> String?) -> String? {
        if let home = environment("HOME"), !home.isEmpty { return home }
        return POSIXIO.homeDirectoryOfUser()
    }
}

/// Readiness checks for the editors' descriptors.
enum LineEditingPolling {
    /// Whether reading `descriptor` would not block now (data, end of file or an error).
    /// A resumed dispatch read source does not always report input that arrived (or an end
    /// of file that was reached) while it was suspended, so the editors check by hand.
    static func isReadable(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }
}
