/// The lines the session was given at its top level — typed at the prompt, or read from the
/// script files named on the command line (not the contents of `:load`ed files, whose `:load`
/// line stands for them) — with where each came from: what `:save --transcript` and `:diagram`
/// run again. Bounded like ``ReplayScript``.
struct SessionInput {
    /// One line as given.
    struct Line {
        let text: String
        let origin: LineOrigin
    }

    private(set) var lines: [Line] = []
    /// Whether lines were dropped past ``ReplayScript/limit``.
    private(set) var overflowed = false

    /// Appends `text`, given at `origin`.
    mutating func append(_ text: String, origin: LineOrigin) {
        if lines.count < ReplayScript.limit {
            lines.append(Line(text: text, origin: origin))
        } else {
            overflowed = true
        }
    }
}
