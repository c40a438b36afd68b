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
