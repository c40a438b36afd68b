#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension HistoryStore {
    /// Where the history lives, by SPEC §2: `explicitPath` (the `--history-file` value), else
    /// env `environmentVariable` (`REACTOR_SHELL_HISTORY`), else
    /// `$XDG_STATE_HOME/<directoryName>/<fileName>` (when that variable holds an absolute path),
    /// else `~/.local/state/<directoryName>/<fileName>`. `directoryName` is the shell's name
    /// (`reactor-shell`, or a custom shell's). Empty values count as unset. `nil` only when no
    /// home directory can be found.
    ///
    /// - Parameters:
    ///   - explicitPath: the `--history-file` value, if any.
    ///   - directoryName: the shell's name: the folder under the state directory.
    ///   - environmentVariable: the variable that names the file.
    ///   - fileName: the file's name in that folder.
    ///   - environment: looks a variable up; the process environment by default.
    public static func resolvePath(
        explicitPath: String?,
        directoryName: String = "reactor-shell",
        environmentVariable: String = "REACTOR_SHELL_HISTORY",
        fileName: String = HistoryStore.defaultFileName,
        environment: (String) -> String? = LineEditingEnvironment.processValue
    ) -> String? {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        if let fromEnvironment = environment(environmentVariable), !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        if let stateHome = environment("XDG_STATE_HOME"), stateHome.hasPrefix("/") {
            return stateHome + "/" + directoryName + "/" + fileName
        }
        guard let home = LineEditingPaths.homeDirectory(environment: environment) else { return nil }
        return home + "/.local/state/" + directoryName + "/" + fileName
    }
}

/// Access to the process environment without Foundation.
public enum LineEditingEnvironment {
    /// The value of the environment variable `name` in this process, or `nil` when unset.
    public static func processValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
