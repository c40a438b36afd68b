import StateDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns GitHub's answer to a repository search into `full_name`s or a ``RepositoryFetchError``.
enum GitHubSearchResponse {
    /// Reads `items[].full_name` from a successful answer; maps any other answer to an error
    /// that names `authority` (the `host:port` asked).
    static func fullNames(of answer: HTTPAnswer, authority: String) throws(RepositoryFetchError) -> [String] {
        let status = answer.status
        guard (200..<300).contains(status) else {
            if let rateLimit = rateLimitError(answer) { throw rateLimit }
            throw statusError(status, body: answer.body, authority: authority)
        }
        return try fullNames(inSearchResult: answer.body)
    }

    /// `items[].full_name` of a search result body.
    static func fullNames(inSearchResult body: [UInt8]) throws(RepositoryFetchError) -> [String] {
        let json: StateValue
        do {
            json = try parseJSON(body)
        } catch {
            throw RepositoryFetchError(.malformedJSON, message: "malformed JSON in the response: \(parseProblem(error, body: body))")
        }
        guard case .array(let items)? = json["items"] else {
            throw RepositoryFetchError(.unexpectedJSON, message: "the response has no 'items' array")
        }
        var names: [String] = []
        names.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .string(let name)? = item["full_name"] else {
                throw RepositoryFetchError(.unexpectedJSON, message: "the response's items[\(index)] has no 'full_name' string")
            }
            names.append(name)
        }
        return names
    }

    /// Parses `body` as JSON. Bytes that are not UTF-8 become U+FFFD (inside strings they are
    /// kept as such; anywhere else they make the JSON malformed).
    private static func parseJSON(_ body: [UInt8]) throws -> StateValue {
        try StateValue(jsonText: String(decoding: body, as: UTF8.self))
    }

    // MARK: - Failures

    /// A rate-limit error when the answer is GitHub's primary or secondary rate limit: any 429, or
    /// a 403 that says so (no requests remaining, a `retry-after`, a reset time without a
    /// remaining count, or a message that mentions the rate limit).
    private static func rateLimitError(_ answer: HTTPAnswer) -> RepositoryFetchError? {
        let status = answer.status
        let remaining = answer.header("x-ratelimit-remaining")
        let reset = answer.header("x-ratelimit-reset")
        let retryAfter = answer.header("retry-after")
        let mentionsRateLimit = gitHubMessage(in: answer.body)?.lowercased().contains("rate limit") ?? false
        let isRateLimit = status == 429 || (status == 403 && (
            remaining == "0" || retryAfter != nil || (reset != nil && remaining == nil) || mentionsRateLimit
        ))
        guard isRateLimit else { return nil }
        var message = "GitHub rate limit exceeded (HTTP \(status))"
        if let reset, let seconds = Double(reset), let timestamp = utcTimestamp(secondsSince1970: seconds) {
            message += "; resets at \(timestamp)"
        }
        if let retryAfter {
            message += Int(retryAfter).map { "; retry after \($0) s" } ?? "; retry after \(retryAfter)"
        }
        return RepositoryFetchError(.rateLimited, message: message)
    }

    /// `HTTP 500 Internal Server Error from host:port`, plus GitHub's `message` when the body has one.
    private static func statusError(_ status: Int, body: [UInt8], authority: String) -> RepositoryFetchError {
        var message = "HTTP \(status)"
        if let phrase = reasonPhrases[status] { message += " \(phrase)" }
        message += " from \(authority)"
        if let detail = gitHubMessage(in: body), !detail.isEmpty { message += ": \(detail)" }
        return RepositoryFetchError(.httpStatus(status), message: message)
    }

    /// The `message` field of a JSON error body, as GitHub sends with every error.
    private static func gitHubMessage(in body: [UInt8]) -> String? {
        guard !body.isEmpty, case .string(let message)? = (try? parseJSON(body))?["message"] else { return nil }
        return message
    }

    /// Why `body` did not parse, in a few words, with the start of the body for orientation.
    private static func parseProblem(_ error: any Error, body: [UInt8]) -> String {
        if body.isEmpty { return "the body is empty" }
        var problem = "not valid JSON"
        if let parseError = error as? JSONParseError {
            problem = "line \(parseError.line), column \(parseError.column): \(parseError.message)"
        }
        let start = String(decoding: body.prefix(40), as: UTF8.self)
            .map { $0.isWhitespace || $0.isNewline ? " " : $0 }
        return "\(problem) (the body begins with \"\(String(start))\")"
    }

    /// `2026-11-22 16:04:05 UTC`, or nil when `seconds` is not a representable time.
    static func utcTimestamp(secondsSince1970 seconds: Double) -> String? {
        // ±10^12 s is some 30,000 years either way: far enough, and clear of overflows.
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(Int(parts.tm_year) + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }

    private static let reasonPhrases: [Int: String] = [
        301: "Moved Permanently", 302: "Found", 304: "Not Modified",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
        410: "Gone", 413: "Content Too Large", 415: "Unsupported Media Type",
        422: "Unprocessable Entity", 429: "Too Many Requests",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}
