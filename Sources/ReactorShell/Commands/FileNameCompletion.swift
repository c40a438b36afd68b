#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names for `:load` / `:save` completion: entries of the directory named by the partial
/// path that start with its last component; directories end in `/`.
package enum FileNameCompletion {
    /// The names that complete `partial`, sorted. A relative `partial` is looked up under `base`
    /// (a directory; nil: the working directory), and the names keep the form it was typed in.
    package static func candidates(for partial: String, relativeTo base: String? = nil) -> [String] {
        let directory: String
        let prefix: String
        if let slash = partial.lastIndex(of: "/") {
            directory = String(partial[...slash])
            prefix = String(partial[partial.index(after: slash)...])
        } else {
            directory = ""
            prefix = partial
        }
        var listed = directory.isEmpty ? "." : directory
        if let base, !directory.hasPrefix("/") {
            listed = (base.hasSuffix("/") ? base : base + "/") + directory
        }
        guard case .success(let entries) = POSIXIO.directoryEntryNames(listed) else { return [] }
        let listedPrefix = listed.hasSuffix("/") ? listed : listed + "/"
        var names: [String] = []
        for name in entries {
            guard name != ".", name != "..", name.hasPrefix(prefix) else { continue }
            if name.hasPrefix(".") && !prefix.hasPrefix(".") { continue }
            var info = stat()
            let isDirectory = stat(listedPrefix + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            names.append(directory + name + (isDirectory ? "/" : ""))
        }
        return names.sorted()
    }
}
