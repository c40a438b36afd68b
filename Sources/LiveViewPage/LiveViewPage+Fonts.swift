extension LiveViewPage {
    /// One face the page embeds: WOFF2 bytes in base64 (LiveViewPage+FontData.swift, which
    /// scripts/subset-fonts writes).
    struct EmbeddedFont {
        /// The CSS family the style sheet names, e.g. `DejaVu Sans Mono`.
        let family: String
        /// The CSS weight, `normal` or `bold`.
        let weight: String
        let woff2Base64: String
    }

    /// The `@font-face` rules of the embedded fonts, each with its bytes in a `data:` URL, so that
    /// the page looks the same on every machine and needs no network (SPEC §10).
    static let fontFaces: String = embeddedFonts.map { font in
        "@font-face { font-family: \"\(font.family)\"; font-weight: \(font.weight); font-style: normal; "
            + "src: url(data:font/woff2;base64,\(font.woff2Base64)) format(\"woff2\"); }\n"
    }.joined()
}
