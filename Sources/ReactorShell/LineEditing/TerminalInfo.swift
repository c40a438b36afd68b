#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the process's terminal that decide interactive mode and colour.
public enum TerminalInfo {
    /// Whether file descriptor `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Whether standard input is a terminal (interactive mode, SPEC §2).
    public static var standardInputIsTerminal: Bool { isTerminal(STDIN_FILENO) }

    /// Whether standard output is a terminal.
    public static var standardOutputIsTerminal: Bool { isTerminal(STDOUT_FILENO) }

    /// Whether output is coloured, by SPEC §2: `always` and `never` decide alone; `auto` means
    /// stdout is a terminal, `NO_COLOR` is unset (an empty value counts as unset, per
    /// no-color.org) and `TERM` is not `dumb`. The one place the shell reads `NO_COLOR`.
    public static func colorEnabled(
        choice: ColorMode,
        standardOutputIsTerminal: Bool = TerminalInfo.standardOutputIsTerminal,
        environment: (String) -> String? = LineEditingEnvironment.processValue
    ) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            guard standardOutputIsTerminal else { return false }
            if let noColor = environment("NO_COLOR"), !noColor.isEmpty { return false }
            return environment("TERM") != "dumb"
        }
    }

    /// The terminal's width in columns (from `TIOCGWINSZ` on `descriptor`), or `nil`.
    public static func columns(of descriptor: Int32 = STDOUT_FILENO) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
