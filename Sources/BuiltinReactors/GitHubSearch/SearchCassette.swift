import ReactorShell
import StateDiff

/// The answers of a real GitHub search kept in a file (`--fetcher record --cassette FILE`), to be
/// given again offline (`--fetcher replay --cassette FILE`): for each query and page, the HTTP
/// status, the headers the search reads (rate limits) and the body, as received. Never the
/// request's headers, so never the token.
///
/// The file is JSON, one request a line:
///
/// ```json
/// {
///   "format": "reactor-shell cassette 1",
///   "requests": [
///     {"query":"swift","page":1,"from":"api.github.com","status":200,"headers":{},"body":"{\"items\":[…]}"}
///   ]
/// }
/// ```
struct SearchCassette: Equatable {
    /// One request and the answer it got.
    struct Request: Equatable {
        /// The query searched for.
        var query: String
        /// The page asked for (1-based).
        var page: Int
        /// The `host:port` that answered (named by error messages).
        var authority: String
        /// The answer's status, headers and body.
        var answer: HTTPAnswer
    }

    /// The requests, in the order first recorded (a request recorded again replaces its answer).
    private(set) var requests: [Request] = []

    /// The first line of every cassette, naming its format.
    static let format = "reactor-shell cassette 1"
    /// The answer's headers a cassette keeps: those the search reads.
    static let keptHeaders = ["x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"]
    /// The largest cassette file read.
    static let sizeLimit = 64 * 1024 * 1024

    /// The answer recorded for `query`'s page `page`, if any.
    func request(query: String, page: Int) -> Request? {
        requests.first { $0.query == query && $0.page == page }
    }

    /// Keeps `answer` (its kept headers only, and `secret` nowhere in it) for `query`'s `page`.
    mutating func record(query: String, page: Int, authority: String, answer: HTTPAnswer, hiding secret: String?) {
        func hidden(_ text: String) -> String {
            guard let secret, !secret.isEmpty else { return text }
            return text.replacing(secret, with: "***")
        }
        let headers = answer.headers
            .filter { Self.keptHeaders.contains($0.name.lowercased()) }
            .map { HTTPHeaderField(name: $0.name.lowercased(), value: hidden($0.value)) }
        let body = Array(hidden(String(decoding: answer.body, as: UTF8.self)).utf8)
        let request = Request(
            query: query, page: page, authority: authority,
            answer: HTTPAnswer(status: answer.status, headers: headers, body: body))
        if let index = requests.firstIndex(where: { $0.query == query && $0.page == page }) {
            requests[index] = request
        } else {
            requests.append(request)
        }
    }

    // MARK: The file

    /// The cassette's file text.
    var text: String {
        let lines = requests.map { request -> String in
            let headers = request.answer.headers.map { StateField($0.name, .string($0.value)) }
            return StateValue.object([
                StateField("query", .string(request.query)),
                StateField("page", .int(request.page)),
                StateField("from", .string(request.authority)),
                StateField("status", .int(request.answer.status)),
                StateField("headers", .object(headers)),
                StateField("body", .string(String(decoding: request.answer.body, as: UTF8.self))),
            ]).jsonText
        }
        let list = lines.isEmpty ? "[]" : "[\n    " + lines.joined(separator: ",\n    ") + "\n  ]"
        return "{\n  \"format\": \"\(Self.format)\",\n  \"requests\": \(list)\n}\n"
    }

    /// The cassette in the file at `path`; an empty one when there is no file and `missingIsEmpty`
    /// (recording a new cassette). Throws a one-line reason naming the file.
    static func load(_ path: String, missingIsEmpty: Bool) throws(RepositoryFetchError) -> SearchCassette {
        func problem(_ reason: String) -> RepositoryFetchError {
            RepositoryFetchError(.cassette, message: "cannot read the cassette '\(path)': \(reason)")
        }
        let bytes: [UInt8]
        switch BoundedFile.read(path, limit: sizeLimit) {
        case .success(.bytes(let contents)): bytes = contents
        case .success(.missing):
            if missingIsEmpty { return SearchCassette() }
            throw problem("no such file")
        case .failure(let error): throw problem(error.reason)
        }
        let json: StateValue
        do {
            json = try StateValue(jsonText: String(decoding: bytes, as: UTF8.self))
        } catch let error as JSONParseError {
            throw problem("not JSON (line \(error.line), column \(error.column): \(error.message))")
        } catch {
            throw problem("not JSON")
        }
        guard case .string(format)? = json["format"] else { throw problem("not a cassette (its 'format' is not '\(format)')") }
        guard case .array(let items)? = json["requests"] else { throw problem("no 'requests' array") }
        var cassette = SearchCassette()
        for (index, item) in items.enumerated() {
            func field(_ name: String) -> StateValue? { item[name] }
            guard case .string(let query)? = field("query"), case .int(let page)? = field("page"),
                  case .int(let status)? = field("status"), case .string(let body)? = field("body")
            else { throw problem("requests[\(index)] needs 'query' (a string), 'page', 'status' (numbers) and 'body' (a string)") }
            var headers: [HTTPHeaderField] = []
            if case .object(let fields)? = field("headers") {
                for header in fields {
                    guard case .string(let value) = header.value else { throw problem("requests[\(index)].headers.\(header.key) is not a string") }
                    headers.append(HTTPHeaderField(name: header.key, value: value))
                }
            }
            var authority = "the cassette"
            if case .string(let from)? = field("from") { authority = from }
            cassette.requests.append(Request(
                query: query, page: page, authority: authority,
                answer: HTTPAnswer(status: status, headers: headers, body: Array(body.utf8))))
        }
        return cassette
    }
}
