// Shim over GNU readline for Swift 6.
//
// readline is configured through mutable C globals, which Swift 6's strict concurrency
// checking rejects when they are touched directly. These small setters and getters are
// the only way the Swift code reaches them; all calls happen on the main thread.
#include <stdio.h>
#if !__has_include(<readline/readline.h>)
#error "GNU readline's headers are missing: install libreadline-dev (Debian, Ubuntu), readline-devel (Fedora, RHEL) or readline (Homebrew); or build with libedit instead: swift build --disable-default-traits --traits LibEdit"
#endif
#include <readline/readline.h>
#include <readline/history.h>

/// Signature of the function readline calls for each completed line (or NULL at end of input).
typedef void (*rs_line_handler_t)(char *);
/// Signature of readline's attempted-completion hook.
typedef char **(*rs_completion_function_t)(const char *, int, int);
/// Signature of readline's hook that lists ambiguous completions.
typedef void (*rs_display_matches_function_t)(char **, int, int);

static inline void rs_set_readline_name(const char *name) { rl_readline_name = name; }
static inline void rs_set_catch_signals(int on) { rl_catch_signals = on; rl_catch_sigwinch = on; }
static inline void rs_set_change_environment(int on) { rl_change_environment = on; }
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
static inline void rs_set_display_matches_hook(rs_display_matches_function_t function) {
    rl_completion_display_matches_hook = function;
}
static inline void rs_set_attempted_completion_over(int over) { rl_attempted_completion_over = over; }
static inline void rs_set_completion_suppress_append(int suppress) { rl_completion_suppress_append = suppress; }
static inline void rs_set_word_break_characters(const char *characters) {
    rl_basic_word_break_characters = characters;
    rl_completer_word_break_characters = (char *)characters;
}
static inline void rs_set_sort_completion_matches(int sort) { rl_sort_completion_matches = sort; }

/// Erases the prompt and the half-typed line from the screen (readline keeps them in memory).
static inline void rs_clear_visible_line(void) { rl_clear_visible_line(); }
/// Draws the prompt and the line again on a fresh line (after output printed above them).
static inline void rs_redraw_line(void) { rl_on_new_line(); rl_redisplay(); }
/// Resets readline's per-line state after an interrupt (incremental search, keyboard macros).
static inline void rs_interrupt_cleanup(void) { rl_callback_sigcleanup(); rl_free_line_state(); }
/// Whether this build is GNU readline (1) or libedit (0).
static inline int rs_is_gnu_readline(void) { return 1; }

/// Writes `text` to the C `stdout` stream and flushes it (keeps order with readline's output).
static inline void rs_write_to_stdout(const char *text) { fputs(text, stdout); fflush(stdout); }
/// Writes `text` to the C `stderr` stream after flushing `stdout` (keeps the streams in order).
static inline void rs_write_to_stderr(const char *text) { fflush(stdout); fputs(text, stderr); fflush(stderr); }
/// Puts the terminal in the editor's mode (no echo, no line buffering) outside a line edit,
/// so keys typed while a command runs wait unechoed and reach the editor as typed.
static inline void rs_prepare_terminal(void) { rl_prep_terminal(1); }
/// Gives the terminal its saved (cooked) mode back; does nothing when it is not prepared.
static inline void rs_deprepare_terminal(void) { rl_deprep_terminal(); }
/// Keeps the terminal in the editor's mode from one line to the next: readline would give it its
/// cooked mode back when a line is done, before calling the line handler, and keys typed before
/// the handler took it again were the kernel's (echoed, held until a line break, Ctrl-D turned
/// into an end-of-file mark). The terminal is given back only by `rs_deprepare_terminal` and
/// `rs_restore_terminal`, which call `rl_deprep_terminal` themselves.
static inline void rs_keep_terminal_prepared_between_lines(void) { rl_deprep_term_function = NULL; }
/// Restores the terminal if readline has it in raw mode; for `atexit` and fatal signals.
static inline void rs_restore_terminal(void) { rl_callback_handler_remove(); rl_deprep_terminal(); }
