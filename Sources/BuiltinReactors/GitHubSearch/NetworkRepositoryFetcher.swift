import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Searches GitHub's REST API: `GET {base}/search/repositories?q={query}&page={page}`.
///
/// Sends `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`, a `User-Agent`, and
/// `Authorization: Bearer <token>` when a token is given. The token never appears in an error.
/// Every failure becomes a ``RepositoryFetchError``; cancelling the calling task cancels the
/// request and throws `CancellationError`.
public final class NetworkRepositoryFetcher: RepositoryFetcher {
    /// GitHub's public API, used when no other base URL is given.
    public static let defaultBaseURL = "https://api.github.com"
    /// How long a request may take before it fails with a timeout.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The `User-Agent` sent when the caller does not pass its own (`reactor-shell/<version>`).
    public static let defaultUserAgent = "reactor-shell/0.1.0"
    /// The REST API version asked for in `X-GitHub-Api-Version`.
    public static let apiVersion = "2022-11-28"

    /// The API base URL as given, e.g. `https://api.github.com` or `http://127.0.0.1:8080/`.
    public let baseURL: String
    /// How long one request may take, from sending to the last byte of the answer.
    public let timeout: Duration
    /// The `User-Agent` header sent with every request.
    public let userAgent: String

    private let token: String?
    private let endpoint: Result<GitHubSearchEndpoint, RepositoryFetchError>
    private let session: URLSession

    /// Creates a fetcher for the API at `baseURL` (trailing slashes ignored).
    ///
    /// - Parameters:
    ///   - baseURL: `https://api.github.com` by default; the CLI passes `--github-api-url` or
    ///     `GITHUB_API_URL`. An invalid URL does not fail here: every search then fails with a
    ///     ``RepositoryFetchError`` of kind `.invalidBaseURL` (see ``validate(baseURL:)``).
    ///   - token: sent as a bearer token when not nil and not empty (the CLI passes `GITHUB_TOKEN`).
    ///   - timeout: the limit for one request, 10 s by default.
    ///   - userAgent: the `User-Agent` header, `reactor-shell/<version>`.
    public init(
        baseURL: String = NetworkRepositoryFetcher.defaultBaseURL,
        token: String? = nil,
        timeout: Duration = NetworkRepositoryFetcher.defaultTimeout,
        userAgent: String = NetworkRepositoryFetcher.defaultUserAgent
    ) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.timeout = timeout
        self.userAgent = userAgent
        self.endpoint = Result { () throws(RepositoryFetchError) in try GitHubSearchEndpoint(baseURL: baseURL) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // FoundationNetworking truncates timeouts to whole seconds (0.3 s fires at once), so
        // CancellableDataTask enforces `timeout` itself; URLSession's limit is only a backstop.
        configuration.timeoutIntervalForRequest = timeout.backstopTimeInterval
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Checks that `baseURL` is an absolute `http` or `https` URL with a host, so that a command
    /// line can reject a bad `--github-api-url` up front.
    public static func validate(baseURL: String) throws(RepositoryFetchError) {
        _ = try GitHubSearchEndpoint(baseURL: baseURL)
    }

    /// Fetches page `page` of the search for `query` and returns the repositories' `full_name`s.
    public func searchRepositories(query: String, page: Int) async throws -> [String] {
        do {
            return try await fetch(query: query, page: page)
        } catch let error as RepositoryFetchError {
            throw error.redacting(token)
        }
    }

    private func fetch(query: String, page: Int) async throws -> [String] {
        let endpoint = try endpoint.get()
        try Task.checkCancellation()
        let request = makeRequest(url: try endpoint.searchURL(query: query, page: page))
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await CancellableDataTask.run(request, in: session, timeout: timeout)
        } catch let error as URLError {
            if Task.isCancelled { throw CancellationError() }
            throw transportError(error, authority: endpoint.authority)
        }
        if Task.isCancelled { throw CancellationError() }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw RepositoryFetchError(.transport, message: "\(endpoint.authority) sent an answer that is not HTTP")
        }
        return try GitHubSearchResponse.fullNames(of: httpResponse, body: data, authority: endpoint.authority)
    }

    private func makeRequest(url: URL) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.backstopTimeInterval)
        request.httpMethod = "GET"
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue(Self.apiVersion, forHTTPHeaderField: "X-GitHub-Api-Version")
        if let token {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// A one-line message for a failure below HTTP: no connection, timeout, TLS, …
    private func transportError(_ error: URLError, authority: String) -> RepositoryFetchError {
        switch error.code {
        case .cannotConnectToHost:
            return RepositoryFetchError(.cannotConnect, message: "cannot connect to \(authority): connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return RepositoryFetchError(.cannotConnect, message: "cannot connect to \(authority): host not found")
        case .notConnectedToInternet:
            return RepositoryFetchError(.cannotConnect, message: "cannot connect to \(authority): no network connection")
        case .timedOut:
            return RepositoryFetchError(.timedOut, message: "request timed out after \(timeout.shortDescription)")
        case .networkConnectionLost:
            return RepositoryFetchError(.transport, message: "connection to \(authority) lost before the answer was complete")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return RepositoryFetchError(.transport, message: "secure connection to \(authority) failed")
        case .badServerResponse:
            return RepositoryFetchError(.transport, message: "\(authority) sent an answer that is not valid HTTP")
        case .httpTooManyRedirects:
            return RepositoryFetchError(.transport, message: "too many redirects from \(authority)")
        default:
            return RepositoryFetchError(.transport, message: "request to \(authority) failed (URL error \(error.code.rawValue))")
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's timeouts want it.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// Whole seconds, at least one more than the duration: URLSession's own limit, which must
    /// never fire before ours.
    var backstopTimeInterval: TimeInterval {
        (timeInterval + 1).rounded(.up)
    }

    /// `10 s`, `300 ms` or `1.5 s`.
    var shortDescription: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "\(seconds) s" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        return "\(Double(milliseconds) / 1000) s"
    }
}
