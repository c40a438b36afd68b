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
        guard let handle = opendir(listed) else { return [] }
        defer { closedir(handle) }
        let listedPrefix = listed.hasSuffix("/") ? listed : listed + "/"
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", name.hasPrefix(prefix) else { continue }
            if name.hasPrefix(".") && !prefix.hasPrefix(".") { continue }
            var info = stat()
            let isDirectory = stat(listedPrefix + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            names.append(directory + name + (isDirectory ? "/" : ""))
        }
        return names.sorted()
    }
}
