#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// Canned answers shaped like GitHub's REST API, for the github-search fetcher's tests and the
/// end-to-end tests that run `reactor-shell --fetcher network --github-api-url …`.
extension LoopbackHTTPResponse {
    /// A page of search results: `{"total_count":N,"incomplete_results":false,"items":[{"full_name":…},…]}`.
    public static func gitHubSearchPage(_ fullNames: [String], totalCount: Int? = nil, delay: Duration = .zero) -> Self {
        let items = fullNames.map { name in
            let owner = name.split(separator: "/").first.map(String.init) ?? name
            return #"{"full_name":\#(jsonString(name)),"name":\#(jsonString(String(name.split(separator: "/").last ?? ""))),"owner":{"login":\#(jsonString(owner))}}"#
        }
        let total = totalCount ?? fullNames.count
        return .json(#"{"total_count":\#(total),"incomplete_results":false,"items":[\#(items.joined(separator: ","))]}"#, delay: delay)
    }

    /// An error as GitHub sends it: `status` and `{"message":…,"documentation_url":…}`.
    public static func gitHubError(status: Int, message: String, headers: [LoopbackHTTPField] = []) -> Self {
        .json(
            #"{"message":\#(jsonString(message)),"documentation_url":"https://docs.github.com/rest"}"#,
            status: status,
            headers: headers
        )
    }

    /// GitHub's rate-limit answer: `status` (403 or 429), `x-ratelimit-remaining: 0`, and
    /// `x-ratelimit-reset` / `retry-after` when given.
    public static func gitHubRateLimited(status: Int = 403, resetEpochSeconds: Int? = nil, retryAfterSeconds: Int? = nil) -> Self {
        var headers = [LoopbackHTTPField("x-ratelimit-limit", "60"), LoopbackHTTPField("x-ratelimit-remaining", "0")]
        if let resetEpochSeconds { headers.append(LoopbackHTTPField("x-ratelimit-reset", String(resetEpochSeconds))) }
        if let retryAfterSeconds { headers.append(LoopbackHTTPField("retry-after", String(retryAfterSeconds))) }
        return gitHubError(status: status, message: "API rate limit exceeded for 127.0.0.1.", headers: headers)
    }

    /// `text` as a JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}

extension LoopbackHTTPServer {
    /// A handler that answers like GitHub's repository search: `GET /search/repositories?q=…&page=…`
    /// gets `results(q, page)` as a page (page 1 when `page` is absent); a missing `q` gets 422;
    /// any other path gets 404.
    public static func gitHubSearchHandler(
        _ results: @escaping @Sendable (_ query: String, _ page: Int) -> [String]
    ) -> Handler {
        return { request in
            guard request.method == "GET", request.path == "/search/repositories" else {
                return .gitHubError(status: 404, message: "Not Found")
            }
            guard let query = request.query("q"), !query.isEmpty else {
                return .gitHubError(status: 422, message: "Validation Failed")
            }
            let page = request.query("page").flatMap { Int($0) } ?? 1
            return .gitHubSearchPage(results(query, page))
        }
    }

    /// Starts a server that answers repository searches with `results(query, page)`.
    public static func gitHubSearch(
        _ results: @escaping @Sendable (_ query: String, _ page: Int) -> [String]
    ) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(handler: gitHubSearchHandler(results))
    }

    /// Starts a server that answers every query with the same pages: `pages[0]` for page 1, and
    /// an empty page after the last.
    public static func gitHubSearch(pages: [[String]]) throws -> LoopbackHTTPServer {
        try gitHubSearch { _, page in pages.indices.contains(page - 1) ? pages[page - 1] : [] }
    }
}
