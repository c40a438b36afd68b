/// Opens script files for reading, with the errors a user should see.
enum ScriptFile {
    /// Opens `path` for reading; a directory or an unreadable file is an error message.
    static func openForReading(_ path: String) -> Result<Int32, ScriptFileError> {
        switch POSIXIO.openForReading(path) {
        case .failure(let error):
            return .failure(ScriptFileError(path: path, reason: error.description))
        case .success(let descriptor):
            if POSIXIO.isDirectory(descriptor) {
                POSIXIO.closeFile(descriptor)
                return .failure(ScriptFileError(path: path, reason: "is a directory"))
            }
            return .success(descriptor)
        }
    }
}

/// A script file that cannot be read, and why.
struct ScriptFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot read '\(path)': \(reason)" }
}
