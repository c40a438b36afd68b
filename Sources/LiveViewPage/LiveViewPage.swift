/// The live view's page: one HTML document with its style and script inside, no external URL.
public enum LiveViewPage {
    /// The page. With `embeddedEvents` (a JSON array of event objects), it shows those events and
    /// needs no server (`:save --html`); without, it reads them from the server that serves it.
    public static func html(embeddedEvents: String?) -> String {
        "<!doctype html><title>live view</title><p>placeholder"
    }
}
