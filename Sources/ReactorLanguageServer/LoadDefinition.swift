import ReactorShell
import StateDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `textDocument/definition` on a `:load` line: the file it loads, resolved as the shell resolves
/// it (a relative path against the directory of the script that loads it).
enum LoadDefinition {
    /// The location of the loaded file when the cursor (UTF-16 `character`) is on a `:load` line's
    /// file name and the file exists; else null.
    static func location(line: ScriptLine, character: Int, directory: String?) -> StateValue {
        guard case .meta(let meta)? = try? ScriptParser.parse(line.text), case .load(let file, _) = meta.command,
              line.column(ofUTF16: character) >= file.column
        else { return .null }
        var path = file.text
        if !path.hasPrefix("/") { path = (directory ?? currentDirectory()) + path }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .null }
        return .fields([
            "uri": .string(DocumentURI.uri(ofPath: path)),
            "range": LineRange(line: 0, start: 0, end: 0).json,
        ])
    }

    private static func currentDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "./" }
        defer { free(buffer) }
        let path = String(cString: buffer)
        return path.hasSuffix("/") ? path : path + "/"
    }
}
