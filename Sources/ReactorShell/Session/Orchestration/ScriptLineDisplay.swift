/// How a script run shows the lines it runs, set by `run --echo` or `:load --echo` and inherited
/// by every file the script loads (SPEC §9: `--echo` also shows the lines of loaded files).
struct ScriptLineDisplay {
    /// Each line is shown, after the prompt, before its output.
    var echo = false
}
