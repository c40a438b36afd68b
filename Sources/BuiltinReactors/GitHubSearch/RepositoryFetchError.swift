/// Why a repository search failed, with a one-line human message fit for the reactor's `lastError`.
///
/// The message never contains the API token.
public struct RepositoryFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, for code that wants to tell failures apart without parsing the message.
    public enum Kind: Sendable, Equatable {
        /// GitHub refused the request because of its rate limit (HTTP 403 or 429).
        case rateLimited
        /// The server answered with an HTTP status other than 200 that is not a rate limit.
        case httpStatus(Int)
        /// Nothing accepted the connection, or the host name could not be resolved.
        case cannotConnect
        /// No answer arrived within the request timeout.
        case timedOut
        /// The body of a successful answer is not JSON.
        case malformedJSON
        /// The body is JSON but not a search result (no `items` array, or an item without `full_name`).
        case unexpectedJSON
        /// The configured API base URL is not an absolute `http` or `https` URL.
        case invalidBaseURL
        /// Any other transport failure (TLS, lost connection, …), including a libcurl that cannot
        /// be loaded (the network fetcher opens it on first use).
        case transport
        /// A cassette (`--fetcher record|replay --cassette FILE`) cannot be read or written, or
        /// does not hold the request asked for.
        case cassette
    }

    /// The kind of failure.
    public let kind: Kind
    /// The one-line human message, e.g. `request timed out after 10 s`.
    public let message: String

    /// Creates an error of `kind` whose message is `message` folded onto one line.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = Self.singleLine(message)
    }

    /// The one-line human message.
    public var description: String { message }

    /// Returns this error with every occurrence of `secret` in its message replaced by `***`.
    func redacting(_ secret: String?) -> RepositoryFetchError {
        guard let secret, !secret.isEmpty, message.contains(secret) else { return self }
        return RepositoryFetchError(kind, message: message.replacing(secret, with: "***"))
    }

    private static let maximumMessageLength = 300

    /// Collapses runs of whitespace (newlines included) into single spaces and bounds the length.
    private static func singleLine(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let joined = words.joined(separator: " ")
        guard joined.count > maximumMessageLength else { return joined }
        return String(joined.prefix(maximumMessageLength - 1)) + "…"
    }
}
