#if GNUReadline || LibEdit
/// Marks a prompt's terminal escape sequences as invisible for readline's width computation.
enum ReadlinePromptMarkup {
    /// The byte readline takes as "invisible text starts" (`RL_PROMPT_START_IGNORE`).
    static let startInvisible: Character = "\u{01}"
    /// The byte that ends invisible text: `RL_PROMPT_END_IGNORE` for GNU readline; libedit
    /// toggles on the start byte itself.
    #if GNUReadline
    static let endInvisible: Character = "\u{02}"
    #else
    static let endInvisible: Character = "\u{01}"
    #endif

    /// `prompt` with each ANSI escape sequence (ESC `[` … final byte, or ESC and one byte)
    /// wrapped in the invisible markers. A prompt that already has markers is left alone.
    static func markInvisibleSequences(_ prompt: String) -> String {
        guard prompt.unicodeScalars.contains("\u{1B}"), !prompt.contains(startInvisible) else { return prompt }
        var result = String.UnicodeScalarView()
        var scalars = prompt.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            var sequence = String.UnicodeScalarView([scalar])
            if let next = scalars.popFirst() {
                sequence.append(next)
                if next == "[" {
                    while let byte = scalars.popFirst() {
                        sequence.append(byte)
                        if (0x40...0x7E).contains(byte.value) { break }
                    }
                }
            }
            result.append(contentsOf: startInvisible.unicodeScalars)
            result.append(contentsOf: sequence)
            result.append(contentsOf: endInvisible.unicodeScalars)
        }
        return String(result)
    }
}
#endif
