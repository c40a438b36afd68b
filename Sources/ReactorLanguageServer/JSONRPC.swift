import StateDiff

/// One JSON-RPC 2.0 message from the client, read from a `StateValue` (StateDiff's JSON parser).
enum IncomingMessage: Equatable {
    /// A request: the answer must carry `id`.
    case request(id: StateValue, method: String, params: StateValue)
    /// A notification: no answer.
    case notification(method: String, params: StateValue)
    /// A response to a request of the server's (the server sends none that need one): ignored.
    case response

    /// The message in `json`, or the error to answer it with.
    static func parse(_ json: StateValue) -> Result<IncomingMessage, ResponseError> {
        guard case .object = json else { return .failure(.invalidRequest("a message must be a JSON object")) }
        let params = json["params"] ?? .null
        let id = json["id"]
        guard let methodValue = json["method"] else {
            if id != nil, json["result"] != nil || json["error"] != nil { return .success(.response) }
            return .failure(.invalidRequest("a message without 'method'"))
        }
        guard case .string(let method) = methodValue else { return .failure(.invalidRequest("'method' must be a string")) }
        guard let id else { return .success(.notification(method: method, params: params)) }
        switch id {
        case .int, .string: return .success(.request(id: id, method: method, params: params))
        default: return .failure(.invalidRequest("'id' must be a number or a string"))
        }
    }
}

/// A JSON-RPC error answer: code and message.
struct ResponseError: Error, Equatable {
    /// The JSON-RPC or LSP error code.
    var code: Int
    /// What went wrong.
    var message: String

    static func parseError(_ message: String) -> ResponseError { ResponseError(code: -32700, message: message) }
    static func invalidRequest(_ message: String) -> ResponseError { ResponseError(code: -32600, message: message) }
    static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: -32601, message: "method not found: \(method)")
    }
    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
    static let serverNotInitialized = ResponseError(code: -32002, message: "the server has not been initialized")
}

/// The JSON text of the messages the server sends.
enum OutgoingMessage {
    /// The answer to request `id`.
    static func response(id: StateValue, result: StateValue) -> String {
        StateValue.object([
            StateField("jsonrpc", .string("2.0")), StateField("id", id),
            StateField("result", result),
        ]).jsonText
    }

    /// An error answer to request `id` (null when the request's id could not be read).
    static func error(id: StateValue, _ error: ResponseError) -> String {
        StateValue.object([
            StateField("jsonrpc", .string("2.0")), StateField("id", id),
            StateField("error", .object([
                StateField("code", .int(error.code)), StateField("message", .string(error.message)),
            ])),
        ]).jsonText
    }

    /// A notification to the client.
    static func notification(method: String, params: StateValue) -> String {
        StateValue.object([
            StateField("jsonrpc", .string("2.0")), StateField("method", .string(method)),
            StateField("params", params),
        ]).jsonText
    }
}

extension StateValue {
    /// An object of `fields` in order; nil values are left out.
    static func fields(_ fields: KeyValuePairs<String, StateValue?>) -> StateValue {
        .object(fields.compactMap { key, value in value.map { StateField(key, $0) } })
    }

    /// The string, when this is one.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The integer, when this is one.
    var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }
}
