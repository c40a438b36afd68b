#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searches GitHub's REST API: `GET {base}/search/repositories?q={query}&page={page}`.
///
/// Sends `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`, a `User-Agent`, and
/// `Authorization: Bearer <token>` when a token is given. The token never appears in an error.
/// Every failure becomes a ``RepositoryFetchError``; cancelling the calling task cancels the
/// request and throws `CancellationError`.
///
/// The HTTP client is libcurl, opened with `dlopen` when the first search needs it (see
/// ``curlLibraryNames``) rather than linked, so that a shell that never searches the network
/// does not load it. Without a loadable libcurl every search fails with a `.transport` error that
/// names the library and the loader's reason.
public final class NetworkRepositoryFetcher: RepositoryFetcher {
    /// GitHub's public API, used when no other base URL is given.
    public static let defaultBaseURL = "https://api.github.com"
    /// How long a request may take before it fails with a timeout.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The `User-Agent` sent when the caller does not pass its own (`reactor-shell/<version>`).
    public static let defaultUserAgent = "reactor-shell/0.2.0"
    /// The REST API version asked for in `X-GitHub-Api-Version`.
    public static let apiVersion = "2022-11-28"

    /// The API base URL as given, e.g. `https://api.github.com` or `http://127.0.0.1:8080/`.
    public let baseURL: String
    /// How long one request may take, from sending to the last byte of the answer.
    public let timeout: Duration
    /// The `User-Agent` header sent with every request.
    public let userAgent: String

    /// The libcurl files tried in order on the first search, e.g. `["libcurl.so.4", "libcurl.so"]`.
    public let curlLibraryNames: [String]

    private let token: String?
    private let endpoint: Result<GitHubSearchEndpoint, RepositoryFetchError>

    /// Creates a fetcher for the API at `baseURL` (trailing slashes ignored).
    ///
    /// - Parameters:
    ///   - baseURL: `https://api.github.com` by default; the CLI passes `--github-api-url` or
    ///     `GITHUB_API_URL`. An invalid URL does not fail here: every search then fails with a
    ///     ``RepositoryFetchError`` of kind `.invalidBaseURL` (see ``validate(baseURL:)``).
    ///   - token: sent as a bearer token when not nil and not empty (the CLI passes `GITHUB_TOKEN`).
    ///   - timeout: the limit for one request, 10 s by default.
    ///   - userAgent: the `User-Agent` header, `reactor-shell/<version>`.
    ///   - curlLibraryNames: the libcurl to load (file names searched as `dlopen` searches, or
    ///     paths), tried in order; ``defaultCurlLibraryNames`` unless given.
    public init(
        baseURL: String = NetworkRepositoryFetcher.defaultBaseURL,
        token: String? = nil,
        timeout: Duration = NetworkRepositoryFetcher.defaultTimeout,
        userAgent: String = NetworkRepositoryFetcher.defaultUserAgent,
        curlLibraryNames: [String] = NetworkRepositoryFetcher.defaultCurlLibraryNames
    ) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.timeout = timeout
        self.userAgent = userAgent
        self.endpoint = Result { () throws(RepositoryFetchError) in try GitHubSearchEndpoint(baseURL: baseURL) }
        self.curlLibraryNames = curlLibraryNames
    }

    /// `libcurl.so.4`, then `libcurl.so` (on macOS the system's `libcurl.4.dylib`).
    public static var defaultCurlLibraryNames: [String] { LibcurlHTTPClient.defaultLibraryNames }

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

    /// The HTTP answer to page `page` of the search for `query`, and the `host:port` that gave it
    /// (for a cassette to keep); failures as for ``searchRepositories(query:page:)``.
    func answer(query: String, page: Int) async throws -> (answer: HTTPAnswer, authority: String) {
        do {
            let endpoint = try endpoint.get()
            return (try await answer(query: query, page: page, endpoint: endpoint), endpoint.authority)
        } catch let error as RepositoryFetchError {
            throw error.redacting(token)
        }
    }

    private func fetch(query: String, page: Int) async throws -> [String] {
        let endpoint = try endpoint.get()
        let answer = try await answer(query: query, page: page, endpoint: endpoint)
        return try GitHubSearchResponse.fullNames(of: answer, authority: endpoint.authority)
    }

    private func answer(query: String, page: Int, endpoint: GitHubSearchEndpoint) async throws -> HTTPAnswer {
        try Task.checkCancellation()
        let answer: HTTPAnswer
        do {
            answer = try await LibcurlHTTPClient.get(
                endpoint.searchURL(query: query, page: page), headers: requestHeaders,
                timeout: timeout, libraryNames: curlLibraryNames
            )
        } catch let failure as LibcurlFailure {
            if Task.isCancelled { throw CancellationError() }
            throw transportError(failure, endpoint: endpoint)
        }
        if Task.isCancelled { throw CancellationError() }
        guard answer.status > 0 else {
            throw RepositoryFetchError(.transport, message: "\(endpoint.authority) sent an answer that is not HTTP")
        }
        return answer
    }

    /// `Accept`, `User-Agent`, `X-GitHub-Api-Version`, and `Authorization` when there is a token.
    /// Line breaks in a value are dropped, so that no value can add a header line of its own.
    private var requestHeaders: [String] {
        func line(_ name: String, _ value: String) -> String {
            "\(name): \(String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))"
        }
        var headers = [
            line("Accept", "application/vnd.github+json"),
            line("User-Agent", userAgent),
            line("X-GitHub-Api-Version", Self.apiVersion),
        ]
        if let token { headers.append(line("Authorization", "Bearer \(token)")) }
        return headers
    }

    /// A one-line message for a failure below HTTP: no connection, timeout, TLS, no libcurl, …
    private func transportError(_ failure: LibcurlFailure, endpoint: GitHubSearchEndpoint) -> RepositoryFetchError {
        let authority = endpoint.authority
        switch failure {
        case .libraryUnavailable(let name, let reason):
            let detail = reason.contains(name) ? reason : "\(name): \(reason)"
            return RepositoryFetchError(.transport, message: "network search needs libcurl, which could not be loaded: \(detail)")
        case .bodyTooLarge(let limit):
            return RepositoryFetchError(.transport, message: "the answer from \(authority) is larger than \(limit / (1024 * 1024)) MiB")
        case .transfer(let code, let osErrno, let message):
            return transferError(code: code, osErrno: osErrno, curlMessage: message, endpoint: endpoint)
        }
    }

    /// The message for a transfer that failed with `CURLcode` `code` (numbers as in curl/curl.h).
    private func transferError(code: Int, osErrno: Int, curlMessage: String, endpoint: GitHubSearchEndpoint) -> RepositoryFetchError {
        let authority = endpoint.authority
        switch code {
        case 7: // CURLE_COULDNT_CONNECT
            return RepositoryFetchError(.cannotConnect, message: "cannot connect to \(authority): \(connectProblem(osErrno))")
        case 6: // CURLE_COULDNT_RESOLVE_HOST
            return RepositoryFetchError(.cannotConnect, message: "cannot connect to \(authority): host not found")
        case 5: // CURLE_COULDNT_RESOLVE_PROXY
            return RepositoryFetchError(.cannotConnect, message: "cannot connect to \(authority): proxy host not found")
        case 28: // CURLE_OPERATION_TIMEDOUT
            return RepositoryFetchError(.timedOut, message: "request timed out after \(timeout.shortDescription)")
        case 18, 52, 55, 56: // CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR
            return RepositoryFetchError(.transport, message: "connection to \(authority) lost before the answer was complete")
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
            // CURLE_SSL_CONNECT_ERROR, _SSL_ENGINE_NOTFOUND, _SSL_ENGINE_SETFAILED, _SSL_CERTPROBLEM,
            // _SSL_CIPHER, _PEER_FAILED_VERIFICATION, _USE_SSL_FAILED, _SSL_ENGINE_INITFAILED,
            // _SSL_CACERT_BADFILE, _SSL_SHUTDOWN_FAILED, _SSL_CRL_BADFILE, _SSL_ISSUER_ERROR,
            // _SSL_PINNEDPUBKEYNOTMATCH, _SSL_INVALIDCERTSTATUS, _SSL_CLIENTCERT
            return RepositoryFetchError(.transport, message: "secure connection to \(authority) failed")
        case 8, 16, 92: // CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM
            return RepositoryFetchError(.transport, message: "\(authority) sent an answer that is not valid HTTP")
        case 47: // CURLE_TOO_MANY_REDIRECTS
            return RepositoryFetchError(.transport, message: "too many redirects from \(authority)")
        case 3: // CURLE_URL_MALFORMAT
            return RepositoryFetchError(.invalidBaseURL, message: "invalid GitHub API URL '\(GitHubSearchEndpoint.withoutCredentials(endpoint.base))'")
        default:
            let detail = curlMessage.isEmpty ? "" : ": \(curlMessage)"
            return RepositoryFetchError(.transport, message: "request to \(authority) failed (curl error \(code)\(detail))")
        }
    }

    /// Why a connection failed, from the system's error number (0 when curl does not know it).
    private func connectProblem(_ osErrno: Int) -> String {
        switch Int32(clamping: osErrno) {
        case 0, ECONNREFUSED: return "connection refused"
        case ENETUNREACH, ENETDOWN: return "no network connection"
        case EHOSTUNREACH: return "host unreachable"
        case let error: return String(cString: strerror(error)).lowercased()
        }
    }
}

extension Duration {
    /// `10 s`, `300 ms` or `1.5 s`.
    var shortDescription: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "\(seconds) s" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        return "\(Double(milliseconds) / 1000) s"
    }
}
