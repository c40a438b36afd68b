import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns GitHub's answer to a repository search into `full_name`s or a ``RepositoryFetchError``.
enum GitHubSearchResponse {
    /// Reads `items[].full_name` from a successful answer; maps any other answer to an error
    /// that names `authority` (the `host:port` asked).
    static func fullNames(
        of response: HTTPURLResponse, body: Data, authority: String
    ) throws(RepositoryFetchError) -> [String] {
        let status = response.statusCode
        guard (200..<300).contains(status) else {
            if let rateLimit = rateLimitError(response, body: body) { throw rateLimit }
            throw statusError(status, body: body, authority: authority)
        }
        return try fullNames(inSearchResult: body)
    }

    /// `items[].full_name` of a search result body.
    static func fullNames(inSearchResult body: Data) throws(RepositoryFetchError) -> [String] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        } catch {
            throw RepositoryFetchError(.malformedJSON, message: "malformed JSON in the response: \(parseProblem(error, body: body))")
        }
        guard let object = json as? [String: Any], let items = object["items"] as? [Any] else {
            throw RepositoryFetchError(.unexpectedJSON, message: "the response has no 'items' array")
        }
        var names: [String] = []
        names.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let name = (item as? [String: Any])?["full_name"] as? String else {
                throw RepositoryFetchError(.unexpectedJSON, message: "the response's items[\(index)] has no 'full_name' string")
            }
            names.append(name)
        }
        return names
    }

    // MARK: - Failures

    /// A rate-limit error when the answer is GitHub's primary or secondary rate limit: any 429, or
    /// a 403 that says so (no requests remaining, a `retry-after`, a reset time without a
    /// remaining count, or a message that mentions the rate limit).
    private static func rateLimitError(_ response: HTTPURLResponse, body: Data) -> RepositoryFetchError? {
        let status = response.statusCode
        let remaining = header("x-ratelimit-remaining", of: response)
        let reset = header("x-ratelimit-reset", of: response)
        let retryAfter = header("retry-after", of: response)
        let mentionsRateLimit = gitHubMessage(in: body)?.lowercased().contains("rate limit") ?? false
        let isRateLimit = status == 429 || (status == 403 && (
            remaining == "0" || retryAfter != nil || (reset != nil && remaining == nil) || mentionsRateLimit
        ))
        guard isRateLimit else { return nil }
        var message = "GitHub rate limit exceeded (HTTP \(status))"
        if let reset, let seconds = Double(reset) {
            message += "; resets at \(utcTimestamp(Date(timeIntervalSince1970: seconds)))"
        }
        if let retryAfter {
            message += Int(retryAfter).map { "; retry after \($0) s" } ?? "; retry after \(retryAfter)"
        }
        return RepositoryFetchError(.rateLimited, message: message)
    }

    /// `HTTP 500 Internal Server Error from host:port`, plus GitHub's `message` when the body has one.
    private static func statusError(_ status: Int, body: Data, authority: String) -> RepositoryFetchError {
        var message = "HTTP \(status)"
        if let phrase = reasonPhrases[status] { message += " \(phrase)" }
        message += " from \(authority)"
        if let detail = gitHubMessage(in: body), !detail.isEmpty { message += ": \(detail)" }
        return RepositoryFetchError(.httpStatus(status), message: message)
    }

    /// The `message` field of a JSON error body, as GitHub sends with every error.
    private static func gitHubMessage(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        return object["message"] as? String
    }

    /// Why `body` did not parse, in a few words, with the start of the body for orientation.
    private static func parseProblem(_ error: any Error, body: Data) -> String {
        if body.isEmpty { return "the body is empty" }
        var problem = "not valid JSON"
        if let debugDescription = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
            problem = debugDescription.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        }
        let start = String(decoding: body.prefix(40), as: UTF8.self)
            .map { $0.isWhitespace || $0.isNewline ? " " : $0 }
        return "\(problem) (the body begins with \"\(String(start))\")"
    }

    private static func header(_ name: String, of response: HTTPURLResponse) -> String? {
        guard let value = response.value(forHTTPHeaderField: name) else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `2026-11-22 16:04:05 UTC`.
    private static func utcTimestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let text = String(value ?? 0); return text.count < 2 ? "0" + text : text }
        return "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) UTC"
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
