extension String {
    /// A count with its noun in the number it needs: `1 file`, `3 files`, `0 commands` (the summaries
    /// of `check` and `:save`, the watch's "other changes"). The nouns are English ones whose plural
    /// adds an `s`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
