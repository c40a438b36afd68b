// Shim over libedit's readline compatibility layer for Swift 6.
//
// Same functions as CReadline's shim, so the Swift line editor differs only where libedit
// itself does. All calls happen on the main thread.
#include <stdio.h>
#if !__has_include(<editline/readline.h>)
#error "libedit's headers are missing: install libedit-dev (Debian, Ubuntu), libedit-devel (Fedora, RHEL) or libedit (Homebrew)"
#endif
#include <editline/readline.h>

/// Signature of the function libedit calls for each completed line (or NULL at end of input).
typedef void (*rs_line_handler_t)(char *);
/// Signature of the attempted-completion hook.
typedef char **(*rs_completion_function_t)(const char *, int, int);

static inline void rs_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void rs_set_catch_signals(int on) { rl_catch_signals = on; rl_catch_sigwinch = on; }
static inline void rs_set_change_environment(int on) { (void)on; }
static inline void rs_use_stderr_for_output(void) { rl_outstream = stderr; }
static inline void rs_use_stdout_for_output(void) { rl_outstream = stdout; }
static inline void rs_write_to_output(const char *text) {
    FILE *stream = rl_outstream ? rl_outstream : stdout;
    fputs(text, stream);
    fflush(stream);
}
static inline void rs_flush_stdio(void) { fflush(stdout); fflush(stderr); }

static inline const char *rs_line_buffer(void) { return rl_line_buffer; }
static inline int rs_point(void) { return rl_point; }
static inline void rs_set_point(int point) { rl_point = point; }
static inline int rs_end(void) { return rl_end; }

static inline void rs_set_completion_function(rs_completion_function_t function) {
    rl_attempted_completion_function = function;
}
static inline void rs_set_attempted_completion_over(int over) { rl_attempted_completion_over = over; }
static inline void rs_set_completion_suppress_append(int suppress) { rl_completion_suppress_append = suppress; }
static inline void rs_set_word_break_characters(const char *characters) {
    rl_basic_word_break_characters = characters;  // the one libedit's rl_complete uses
    rl_completer_word_break_characters = (char *)characters;
}
static inline void rs_set_sort_completion_matches(int sort) { rl_sort_completion_matches = sort; }

/// Erases the prompt and the half-typed line from the screen: carriage return, clear to end of screen.
static inline void rs_clear_visible_line(void) { rs_write_to_output("\r\033[J"); }
/// Draws the prompt and the line again on the cursor's row. (libedit's `rl_redisplay` pushes a
/// redisplay key into the input, which costs the next keystroke; a forced update does not.)
static inline void rs_redraw_line(void) { rs_clear_visible_line(); rl_forced_update_display(); }
/// Resets per-line state after an interrupt.
static inline void rs_interrupt_cleanup(void) { rl_free_line_state(); }
/// Whether this build is GNU readline (1) or libedit (0).
static inline int rs_is_gnu_readline(void) { return 0; }

/// Writes `text` to the C `stdout` stream and flushes it (keeps order with libedit's output).
static inline void rs_write_to_stdout(const char *text) { fputs(text, stdout); fflush(stdout); }
/// Writes `text` to the C `stderr` stream after flushing `stdout` (keeps the streams in order).
static inline void rs_write_to_stderr(const char *text) { fflush(stdout); fputs(text, stderr); fflush(stderr); }
/// Puts the terminal in the editor's mode (no echo, no line buffering) outside a line edit,
/// so keys typed while a command runs wait unechoed and reach the editor as typed.
static inline void rs_prepare_terminal(void) { rl_prep_terminal(1); }
/// Gives the terminal its saved (cooked) mode back; does nothing when it is not prepared.
static inline void rs_deprepare_terminal(void) { rl_deprep_terminal(); }
/// GNU readline's build keeps the terminal prepared between lines here (see CReadline's shim);
/// libedit's compatibility layer has no such hook, and is left as it was.
static inline void rs_keep_terminal_prepared_between_lines(void) {}
/// Restores the terminal if libedit has it in raw mode; for `atexit` and fatal signals.
static inline void rs_restore_terminal(void) { rl_callback_handler_remove(); rl_deprep_terminal(); }
