import StateDiff

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
