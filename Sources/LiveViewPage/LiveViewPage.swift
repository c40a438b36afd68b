/// The live view's page: one HTML document with its style, fonts and script inside, no external
/// URL (SPEC §10). The server sends it for `GET /`; `:save --html` writes it with the
/// session's events inside, for a browser with no server and no network.
public enum LiveViewPage {
    /// The page. With `embeddedEvents` (a JSON array of `--format json` event objects), it shows
    /// those events and needs no server; without, it reads them from the server that serves it
    /// (the token comes from the address's `#token=…`).
    public static func html(embeddedEvents: String?) -> String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <link rel="icon" href="data:,">
            <title>reactor-shell live view</title>
            <style>
            """
        page += fontFaces
        page += style
        page += "</style>\n</head>\n<body>\n"
        page += body
        if let embeddedEvents {
            // Inside a script element nothing may read as a closing tag: `<` only occurs in JSON
            // strings, where `\u003c` means the same.
            page += "<script type=\"application/json\" id=\"embedded-events\">"
            page += embeddedEvents.replacingAll("<", with: "\\u003c")
            page += "</script>\n"
        }
        page += "<script>\n" + modelScript + viewScript + "</script>\n</body>\n</html>\n"
        return page
    }
}

extension String {
    /// Every `target` replaced with `replacement` (without Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
