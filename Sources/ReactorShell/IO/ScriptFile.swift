/// Opens script files for reading, with the errors a user should see.
enum ScriptFile {
    /// Opens `path` for reading; a directory or an unreadable file is an error message.
    static func openForReading(_ path: String) -> Result<Int32, ScriptFileError> {
        if let problem = FileName.problem(path) { return .failure(ScriptFileError(path: path, reason: problem)) }
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
public struct ScriptFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// Why it cannot be read, e.g. `No such file or directory` or `is a directory`.
    public let reason: String
    /// `cannot read 'PATH': REASON`.
    public var description: String { "cannot read '\(path.visibleEscapingControls)': \(reason)" }
}
