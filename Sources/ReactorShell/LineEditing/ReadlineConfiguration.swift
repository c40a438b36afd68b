#if GNUReadline
import CReadline
#elseif LibEdit
import CEditline
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if GNUReadline || LibEdit

/// readline's process-wide settings, applied before its first use.
@MainActor
enum ReadlineConfiguration {
    private static var applied = false

    /// Completion splits words at blanks only; the provider decides what it replaces.
    static let wordBreakCharacters = " \t\n"

    /// Applies the settings; `applicationName` (the shell's name) is what `~/.inputrc` `$if`
    /// blocks test. Only the first call's name counts.
    static func applyOnce(promptOnStandardError: Bool, applicationName: String) {
        if promptOnStandardError {
            rs_use_stderr_for_output()
        } else {
            rs_use_stdout_for_output()
        }
        guard !applied else { return }
        applied = true
        // readline keeps these strings: give them storage that lives as long as the process.
        rs_set_readline_name(strdup(applicationName))
        rs_set_word_break_characters(strdup(wordBreakCharacters))
        rs_set_catch_signals(0)
        // No cooked-mode gap between a finished line and `pause()` (keys typed then were lost
        // to the kernel's line discipline; issue 25): the editor gives the terminal back itself.
        rs_keep_terminal_prepared_between_lines()
        rs_set_change_environment(0)
        // Tab lists the candidates at once when it cannot extend the word, so "incr" Tab
        // (extends to "incre") Tab (lists) works; ~/.inputrc may still turn this off.
        _ = rl_variable_bind("show-all-if-unmodified", "on")
        ReadlineCompletionBridge.install()
        atexit { rs_restore_terminal() }
    }
}
#endif
