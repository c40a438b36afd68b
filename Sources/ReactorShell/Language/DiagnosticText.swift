/// Keeps error messages one readable line whatever the input: a quoted part (`'…'` or `"…"`)
/// longer than the limit keeps its first characters and ends in `…`, and the whole message is
/// cut at a fixed length (for a token whose own quotes defeat the pairing).
enum DiagnosticText {
    /// The longest message kept whole, in characters.
    static let messageLimit = 1_000

    /// `message` with long quoted parts shortened to `quoteLimit` characters plus `…`.
    static func bounded(_ message: String, quoteLimit: Int) -> String {
        // Short messages (nearly all) cannot hold a quote over the limit.
        guard message.utf8.count > quoteLimit + 2 else { return message }
        var result = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }) {
            result += rest[...open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: rest[open]) else {
                rest = rest[afterOpen...]
                break
            }
            let quoted = rest[afterOpen..<close]
            if quoted.count > quoteLimit {
                result += quoted.prefix(quoteLimit) + "…"
            } else {
                result += quoted
            }
            result.append(rest[close])
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        if result.count > messageLimit { result = String(result.prefix(messageLimit)) + "…" }
        return result
    }
}
