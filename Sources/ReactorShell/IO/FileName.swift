/// Checks of a file name typed by the user (`:save`, `:load`, `:diagram`, a script or golden
/// file, `--history-file`, …) before it reaches the system, which would cut it at a NUL byte
/// (`out\u{0}.evil` would name `out`) and would accept line breaks and terminal controls that
/// then garble every message naming the file.
enum FileName {
    /// Why `path` cannot name a file, or nil: empty, or holding a control character (C0, DEL or C1).
    static func problem(_ path: String) -> String? {
        if path.isEmpty { return "an empty file name" }
        guard let control = path.unicodeScalars.first(where: isControl) else { return nil }
        let code = String(control.value, radix: 16, uppercase: true)
        return "a file name cannot contain control characters (found U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// A file that cannot be read or written, and why (`No space left on device`, `is a directory`).
package struct FileAccessError: Error, Equatable, CustomStringConvertible {
    /// The reason, without the file's name.
    package let reason: String
    /// The `errno` value, when a system call failed (nil for the shell's own refusals).
    let code: Int32?

    init(_ reason: String) {
        self.reason = reason
        code = nil
    }

    init(_ error: POSIXError) {
        reason = error.description
        code = error.code
    }

    package var description: String { reason }
}
